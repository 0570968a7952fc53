// Placeholder until the harness issue lands.
