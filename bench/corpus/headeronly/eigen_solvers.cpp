// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Dense linear algebra with Eigen on fixed and dynamic sizes, in float and
// double: every size and scalar type instantiates its own products,
// decompositions and solvers, many of them with identical machine code.
// Output: bench/corpus/headeronly/eigen_solvers.expected.
#include <Eigen/Dense>

#include <cstdio>

template <class Scalar, int N> static Scalar solveFixed(int seed) {
  using Mat = Eigen::Matrix<Scalar, N, N>;
  using Vec = Eigen::Matrix<Scalar, N, 1>;
  Mat a;
  Vec b;
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < N; ++j)
      a(i, j) = Scalar(((i + 1) * (j + 2) + seed) % 7) / Scalar(3);
    a(i, i) += Scalar(N + 2);
    b(i) = Scalar((i * seed) % 5 + 1);
  }
  Vec x1 = a.partialPivLu().solve(b);
  Vec x2 = a.colPivHouseholderQr().solve(b);
  Mat spd = a.transpose() * a;
  Vec x3 = spd.llt().solve(b);
  Vec x4 = spd.ldlt().solve(b);
  Scalar err = (a * x1 - b).norm() + (a * x2 - b).norm() +
               (spd * x3 - b).norm() + (spd * x4 - b).norm();
  Scalar det = a.determinant();
  Scalar tr = (a * a.transpose()).trace();
  std::printf("%s %dx%d: det %.3f trace %.3f sum %.4f residual-ok %d\n",
              sizeof(Scalar) == 4 ? "float " : "double", N, N, double(det),
              double(tr), double(x1.sum() + x3.sum()),
              err < Scalar(sizeof(Scalar) == 4 ? 1e-3 : 1e-9));
  return x1.sum();
}

template <class Scalar> static void dynamic(int n) {
  using Mat = Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic>;
  Mat m(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      m(i, j) = Scalar((i * 3 + j * 5) % 11) - Scalar(5);
  Mat sym = m + m.transpose();
  Eigen::SelfAdjointEigenSolver<Mat> es(sym);
  Eigen::JacobiSVD<Mat> svd(m, Eigen::ComputeThinU | Eigen::ComputeThinV);
  Scalar rec = (svd.matrixU() * svd.singularValues().asDiagonal() *
                    svd.matrixV().transpose() -
                m)
                   .norm();
  std::printf("%s dynamic %d: lambda_max %.3f sigma_max %.3f rank %ld "
              "reconstruct-ok %d\n",
              sizeof(Scalar) == 4 ? "float " : "double", n,
              double(es.eigenvalues().maxCoeff()),
              double(svd.singularValues()(0)), long(svd.rank()),
              rec < Scalar(sizeof(Scalar) == 4 ? 1e-2 : 1e-8));
}

int main() {
  double total = 0;
  total += solveFixed<double, 2>(1) + solveFixed<double, 3>(2) +
           solveFixed<double, 4>(3) + solveFixed<double, 6>(4) +
           solveFixed<double, 8>(5);
  total += solveFixed<float, 2>(1) + solveFixed<float, 3>(2) +
           solveFixed<float, 4>(3) + solveFixed<float, 6>(4) +
           solveFixed<float, 8>(5);
  dynamic<double>(7);
  dynamic<double>(12);
  dynamic<float>(9);
  std::printf("total %.3f\n", total);
  return 0;
}
