// Placeholder until the foundation issue lands the parser.
