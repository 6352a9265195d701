// The layer below the stages.
