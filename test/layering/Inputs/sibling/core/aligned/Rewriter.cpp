// Stages are siblings: aligned may use the rewriting layer, not similar.
#include "core/rewrite/CallRewrites.h"
#include "core/similar/SimilarRewriter.h"
