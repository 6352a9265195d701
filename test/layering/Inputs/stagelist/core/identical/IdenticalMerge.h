// A stage that is listed.
