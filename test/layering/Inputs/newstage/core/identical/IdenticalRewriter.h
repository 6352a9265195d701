// The sibling the new stage must not include.
