// The stage list of a tree that forgot a stage.
const void *Stages[] = {&identicalStage()};
