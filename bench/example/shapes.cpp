// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A small template-heavy program used by `.ci/example`: type-parametric
// containers, visitors and COM-style interfaces whose instantiations compile
// to identical machine code for different types. Its output is fixed, so a
// fold that changed behaviour would show.
#include <cstdint>
#include <cstdio>
#include <memory>
#include <vector>

namespace shapes {

struct IUnknownLike {
  virtual ~IUnknownLike() = default;
  virtual unsigned addRef() = 0;
  virtual unsigned release() = 0;
  virtual long area() const = 0;
};

// Every instantiation has the same AddRef/Release and destructor code.
template <typename Tag> class RefCounted : public IUnknownLike {
public:
  explicit RefCounted(long W, long H) : W(W), H(H) {}
  unsigned addRef() override { return ++Count; }
  unsigned release() override { return --Count; }
  long area() const override { return W * H; }

private:
  unsigned Count = 1;
  long W, H;
};

struct Square {};
struct Rect {};
struct Tile {};
struct Panel {};

// Containers whose methods do not depend on the element type's identity.
template <typename T> class Stack {
public:
  __attribute__((noinline)) void push(T V) { Items.push_back(V); }
  __attribute__((noinline)) T pop() {
    T V = Items.back();
    Items.pop_back();
    return V;
  }
  __attribute__((noinline)) std::size_t size() const { return Items.size(); }

private:
  std::vector<T> Items;
};

enum class Color : int { Red, Green };
enum class Shade : int { Light, Dark };

template <typename T> __attribute__((noinline)) long sumAll(const std::vector<T> &V) {
  long S = 0;
  for (const T &X : V)
    S += static_cast<long>(X) * 3 + 1;
  return S;
}

} // namespace shapes

using namespace shapes;

template <typename Tag> static long useShape(long W, long H) {
  std::unique_ptr<IUnknownLike> P(new RefCounted<Tag>(W, H));
  P->addRef();
  P->release();
  return P->area();
}

int main() {
  long Total = useShape<Square>(3, 3) + useShape<Rect>(2, 5) +
               useShape<Tile>(4, 4) + useShape<Panel>(6, 1);
  Stack<int> Ints;
  Stack<unsigned> Uints;
  Stack<Color> Colors;
  Stack<Shade> Shades;
  for (int I = 0; I < 10; ++I) {
    Ints.push(I);
    Uints.push(unsigned(I) * 2);
    Colors.push(I % 2 ? Color::Red : Color::Green);
    Shades.push(I % 3 ? Shade::Light : Shade::Dark);
  }
  long Popped = Ints.pop() + long(Uints.pop()) + long(Colors.pop()) +
                long(Shades.pop());
  std::vector<int> A{1, 2, 3};
  std::vector<unsigned> B{4, 5, 6};
  std::vector<std::int32_t> C{7, 8, 9};
  std::printf("total=%ld popped=%ld sizes=%zu,%zu,%zu,%zu sums=%ld,%ld,%ld\n",
              Total, Popped, Ints.size(), Uints.size(), Colors.size(),
              Shades.size(), sumAll(A), sumAll(B), sumAll(C));
  return 0;
}
