// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Graph algorithms from the Boost Graph Library on several graph types
// (adjacency lists with vecS and listS storage, directed and undirected,
// with and without edge weights): each graph type instantiates its own BFS,
// DFS, Dijkstra, topological sort and connected components, and
// boost::variant / multi_index add visitors and containers. Output:
// bench/corpus/headeronly/boost_graph.expected.
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/connected_components.hpp>
#include <boost/graph/dijkstra_shortest_paths.hpp>
#include <boost/graph/kruskal_min_spanning_tree.hpp>
#include <boost/graph/strong_components.hpp>
#include <boost/graph/topological_sort.hpp>
#include <boost/multi_index/member.hpp>
#include <boost/multi_index/ordered_index.hpp>
#include <boost/multi_index_container.hpp>
#include <boost/variant.hpp>

#include <cstdio>
#include <iterator>
#include <string>
#include <vector>

using Weight = boost::property<boost::edge_weight_t, int>;

// Counts the vertices a search discovers.
struct Counter : boost::default_bfs_visitor {
  int *count;
  explicit Counter(int *c) : count(c) {}
  template <class U, class G> void discover_vertex(U, const G &) { ++*count; }
};

template <class Graph> static Graph build(int n, int seed) {
  Graph g(n);
  for (int i = 0; i < n; ++i)
    for (int k = 1; k <= 2; ++k) {
      int j = (i * (k + seed) + k * 3) % n;
      if (i != j)
        boost::add_edge(i, j, Weight((i + j + seed) % 9 + 1), g);
    }
  return g;
}

template <class Graph> static void report(const char *label, int n, int seed) {
  Graph g = build<Graph>(n, seed);
  using V = typename boost::graph_traits<Graph>::vertex_descriptor;
  std::vector<int> dist(boost::num_vertices(g));
  std::vector<V> pred(boost::num_vertices(g));
  boost::dijkstra_shortest_paths(
      g, boost::vertex(0, g),
      boost::predecessor_map(
          boost::make_iterator_property_map(pred.begin(),
                                            boost::get(boost::vertex_index, g)))
          .distance_map(boost::make_iterator_property_map(
              dist.begin(), boost::get(boost::vertex_index, g))));
  long sum = 0;
  int reached = 0;
  for (int d : dist)
    if (d != std::numeric_limits<int>::max()) {
      sum += d;
      ++reached;
    }
  int visited = 0;
  boost::breadth_first_search(g, boost::vertex(0, g),
                              boost::visitor(Counter(&visited)));
  std::printf("%-22s n=%d edges=%zu reached=%d dist-sum=%ld bfs=%d\n", label,
              n, size_t(boost::num_edges(g)), reached, sum, visited);
}

using DirectedVec = boost::adjacency_list<boost::vecS, boost::vecS,
                                         boost::directedS, boost::no_property,
                                         Weight>;
using UndirectedVec = boost::adjacency_list<boost::vecS, boost::vecS,
                                           boost::undirectedS,
                                           boost::no_property, Weight>;
using BidirVec = boost::adjacency_list<boost::vecS, boost::vecS,
                                      boost::bidirectionalS,
                                      boost::no_property, Weight>;
using DirectedSet = boost::adjacency_list<boost::setS, boost::vecS,
                                         boost::directedS, boost::no_property,
                                         Weight>;

struct Employee {
  int id;
  std::string name;
  int age;
};
namespace bmi = boost::multi_index;
using Employees = bmi::multi_index_container<
    Employee,
    bmi::indexed_by<
        bmi::ordered_unique<bmi::member<Employee, int, &Employee::id>>,
        bmi::ordered_non_unique<
            bmi::member<Employee, std::string, &Employee::name>>,
        bmi::ordered_non_unique<bmi::member<Employee, int, &Employee::age>>>>;

struct Describe : boost::static_visitor<std::string> {
  std::string operator()(int i) const { return "int " + std::to_string(i); }
  std::string operator()(double d) const {
    return "double " + std::to_string(int(d * 100));
  }
  std::string operator()(const std::string &s) const { return "string " + s; }
};

int main() {
  report<DirectedVec>("directed/vecS", 40, 1);
  report<UndirectedVec>("undirected/vecS", 40, 2);
  report<BidirVec>("bidirectional/vecS", 60, 3);
  report<DirectedSet>("directed/setS", 50, 4);

  DirectedVec dag(12);
  for (int i = 0; i < 12; ++i)
    for (int j = i + 1; j < 12; j += 3 + i % 2)
      boost::add_edge(i, j, dag);
  std::vector<int> topo;
  boost::topological_sort(dag, std::back_inserter(topo));
  std::printf("topological:");
  for (auto it = topo.rbegin(); it != topo.rend(); ++it)
    std::printf(" %d", *it);
  std::printf("\n");

  UndirectedVec forest = build<UndirectedVec>(30, 7);
  std::vector<int> comp(boost::num_vertices(forest));
  int ncomp = boost::connected_components(forest, comp.data());
  std::vector<boost::graph_traits<UndirectedVec>::edge_descriptor> mst;
  boost::kruskal_minimum_spanning_tree(forest, std::back_inserter(mst));
  long mstWeight = 0;
  for (auto e : mst)
    mstWeight += boost::get(boost::edge_weight, forest, e);
  std::printf("components %d mst edges %zu weight %ld\n", ncomp, mst.size(),
              mstWeight);

  DirectedVec cyc = build<DirectedVec>(35, 5);
  std::vector<int> scc(boost::num_vertices(cyc));
  int nscc = boost::strong_components(
      cyc, boost::make_iterator_property_map(scc.begin(),
                                             boost::get(boost::vertex_index,
                                                        cyc)));
  std::printf("strong components %d\n", nscc);

  Employees staff;
  const char *names[] = {"ann", "bob", "cy", "dee", "eve"};
  for (int i = 0; i < 15; ++i)
    staff.insert({100 + (i * 7) % 15, names[i % 5], 20 + (i * 11) % 30});
  auto &byName = staff.get<1>();
  auto &byAge = staff.get<2>();
  std::printf("staff %zu, named bob %zu, youngest %d, oldest %d\n",
              staff.size(), byName.count("bob"), byAge.begin()->age,
              byAge.rbegin()->age);

  std::vector<boost::variant<int, double, std::string>> values{
      3, 2.5, std::string("x"), 11, std::string("yz")};
  for (const auto &v : values)
    std::printf("%s\n", boost::apply_visitor(Describe(), v).c_str());
  return 0;
}
