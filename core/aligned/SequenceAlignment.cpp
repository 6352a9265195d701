//===- SequenceAlignment.cpp - Needleman-Wunsch with affine gaps ----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The core of the aligner (Aligner.cpp): two sequences of lengths N and M
// lined up to maximize what the matched pairs save, less a fixed price for
// every run of unmatched elements, as a branch on the identifier costs the
// same whatever the run's length (Gotoh's affine gaps with no extension
// cost). The table has three states per cell: the last column matched,
// or holds a left or a right element alone.
//
// A full table is quadratic in time and memory, which is what made the
// research mergers slow and hungry on large functions. Above FullCells
// cells only a band around the line from (0, 0) to (N, M) is computed,
// Band cells either side, each row overlapping the next, so a pair costs
// O((N + M) * Band). Ties go to the match, then to the left element alone:
// the result depends on the gains alone, never on the order of evaluation.
//
//===----------------------------------------------------------------------===//

#include "core/aligned/SequenceAlignment.h"

#include <algorithm>
#include <limits>

using namespace llvm;

namespace lmf {

std::vector<std::pair<int, int>>
alignSequences(unsigned N, unsigned M,
               function_ref<int64_t(unsigned, unsigned)> Gain,
               uint64_t FullCells, unsigned Band, int64_t GapOpen) {
  // Row I covers columns [Lo[I], Hi[I]]: the whole table when it is small,
  // else a band around the line from (0, 0) to (N, M), wide enough that
  // consecutive rows overlap.
  std::vector<unsigned> Lo(N + 1), Hi(N + 1);
  bool Full = uint64_t(N + 1) * (M + 1) <= FullCells || N == 0;
  for (unsigned I = 0; I <= N; ++I) {
    if (Full) {
      Lo[I] = 0;
      Hi[I] = M;
      continue;
    }
    int64_t From = (int64_t(I) - 1) * M / N - Band;
    int64_t To = (int64_t(I) + 1) * M / N + 1 + Band;
    Lo[I] = unsigned(std::clamp<int64_t>(From, 0, M));
    Hi[I] = unsigned(std::clamp<int64_t>(To, 0, M));
  }
  Lo[0] = 0;
  Hi[N] = M;
  std::vector<size_t> RowStart(N + 2);
  for (unsigned I = 0; I <= N; ++I)
    RowStart[I + 1] = RowStart[I] + (Hi[I] - Lo[I] + 1);
  // Three states per cell (Gotoh): the last column matched (Match), or
  // holds a left (Left) or right (Right) instruction alone. Leaving Match
  // for a gap costs GapOpen: a run of unmatched instructions costs a branch
  // on the identifier however long it is.
  enum State : uint8_t { Match, Left, Right, None };
  constexpr int64_t Unreachable = std::numeric_limits<int64_t>::min() / 4;
  struct Cell {
    int64_t Score[3] = {Unreachable, Unreachable, Unreachable};
    uint8_t From[3] = {None, None, None};
  };
  std::vector<Cell> Table(RowStart[N + 1]);
  auto At = [&](unsigned I, unsigned J) -> const Cell * {
    if (J < Lo[I] || J > Hi[I])
      return nullptr;
    return &Table[RowStart[I] + (J - Lo[I])];
  };
  // Best of Prev's states for entering State, with the gap penalties.
  auto Enter = [&](const Cell &Prev, State To, int64_t &Best, uint8_t &From) {
    for (uint8_t S : {Match, Left, Right}) {
      if (Prev.Score[S] == Unreachable)
        continue;
      int64_t V = Prev.Score[S];
      if (To != Match && S == Match)
        V -= GapOpen;
      if (V > Best) {
        Best = V;
        From = S;
      }
    }
  };
  for (unsigned I = 0; I <= N; ++I)
    for (unsigned J = Lo[I]; J <= Hi[I]; ++J) {
      Cell &C = Table[RowStart[I] + (J - Lo[I])];
      if (I == 0 && J == 0) {
        C.Score[Match] = 0;
        continue;
      }
      if (I > 0 && J > 0)
        if (const Cell *D = At(I - 1, J - 1)) {
          int64_t Best = Unreachable;
          uint8_t From = None;
          Enter(*D, Match, Best, From);
          if (Best != Unreachable) {
            int64_t G = Gain(I - 1, J - 1);
            if (G > 0) {
              C.Score[Match] = Best + G;
              C.From[Match] = From;
            }
          }
        }
      if (I > 0)
        if (const Cell *U = At(I - 1, J))
          Enter(*U, Left, C.Score[Left], C.From[Left]);
      if (J > 0)
        if (const Cell *L = At(I, J - 1))
          Enter(*L, Right, C.Score[Right], C.From[Right]);
    }
  const Cell &Last = *At(N, M);
  uint8_t State = Match;
  for (uint8_t S : {Left, Right})
    if (Last.Score[S] > Last.Score[State])
      State = S;
  std::vector<std::pair<int, int>> Columns;
  for (unsigned I = N, J = M; I > 0 || J > 0;) {
    const Cell &C = *At(I, J);
    uint8_t From = C.From[State];
    if (State == Match) {
      Columns.push_back({int(I - 1), int(J - 1)});
      --I;
      --J;
    } else if (State == Left) {
      Columns.push_back({int(I - 1), -1});
      --I;
    } else {
      Columns.push_back({-1, int(J - 1)});
      --J;
    }
    State = From == None ? uint8_t(Match) : From;
  }
  std::reverse(Columns.begin(), Columns.end());
  return Columns;
}

} // namespace lmf
