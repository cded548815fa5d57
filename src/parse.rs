//! Placeholder until the grammar lands (being written now).
