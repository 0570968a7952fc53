// Placeholder until the handles issue lands.
