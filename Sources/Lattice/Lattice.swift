// Placeholder until the store issue lands.
