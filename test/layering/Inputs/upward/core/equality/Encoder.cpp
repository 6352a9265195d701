// A stage that reaches upward: equality may not include facts.
#include "core/equality/Encoder.h"
#include "core/facts/ByteModel.h"
