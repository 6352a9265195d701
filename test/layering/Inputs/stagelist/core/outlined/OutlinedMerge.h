// A stage folder that no list names.
