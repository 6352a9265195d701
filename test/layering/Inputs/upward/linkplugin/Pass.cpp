// Outside core/, only core/'s top-level headers are public.
#include "core/MergeModule.h"
#include "core/similar/SimilarPlanner.h"
