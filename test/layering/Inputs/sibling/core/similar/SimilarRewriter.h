// A stage the sibling control's aligned stage must not include.
