# The fuzz support library's sources (mutator, families, oracles), named once
# for the regular build (test/fuzz/CMakeLists.txt) and the sanitized one
# (test/fuzz/sanitized/CMakeLists.txt).
set(LMF_FUZZ_SUPPORT_SOURCES
  Mutator.cpp MutatorSimilarKinds.cpp MutationKinds.cpp MutatorCloning.cpp
  Families.cpp Oracles.cpp SimilarOracles.cpp)
