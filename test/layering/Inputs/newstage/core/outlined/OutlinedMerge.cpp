// A stage the checker has never heard of is a stage by its folder alone: it
// may use the layers below the stages, not another stage beside it.
#include "core/MergeStage.h"
#include "core/rewrite/FunctionRewrites.h"
#include "core/identical/IdenticalRewriter.h"
