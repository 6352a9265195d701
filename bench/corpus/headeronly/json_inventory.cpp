// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A small inventory database kept as nlohmann::json: typed records are
// converted to and from JSON through ADL to_json/from_json, serialized,
// parsed back, queried with JSON pointers, patched and diffed. Real template
// code: basic_json, its serializers and iterators are instantiated for every
// record type. Output: bench/corpus/headeronly/json_inventory.expected.
#include <nlohmann/json.hpp>

#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <vector>

using nlohmann::json;

namespace inv {
struct Dimensions {
  double w = 0, h = 0, d = 0;
};
struct Item {
  std::string sku;
  std::string name;
  int quantity = 0;
  double price = 0;
  std::vector<std::string> tags;
  Dimensions dims;
  std::optional<std::string> supplier;
};
struct Warehouse {
  std::string code;
  std::map<std::string, int> bins;
  std::vector<Item> items;
};
enum class Status { Active, Discontinued, Backorder };
NLOHMANN_JSON_SERIALIZE_ENUM(Status, {{Status::Active, "active"},
                                      {Status::Discontinued, "discontinued"},
                                      {Status::Backorder, "backorder"}})
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Dimensions, w, h, d)

void to_json(json &j, const Item &i) {
  j = json{{"sku", i.sku},   {"name", i.name}, {"quantity", i.quantity},
           {"price", i.price}, {"tags", i.tags}, {"dims", i.dims}};
  if (i.supplier)
    j["supplier"] = *i.supplier;
}
void from_json(const json &j, Item &i) {
  j.at("sku").get_to(i.sku);
  j.at("name").get_to(i.name);
  j.at("quantity").get_to(i.quantity);
  j.at("price").get_to(i.price);
  j.at("tags").get_to(i.tags);
  j.at("dims").get_to(i.dims);
  if (j.contains("supplier"))
    i.supplier = j.at("supplier").get<std::string>();
}
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Warehouse, code, bins, items)
} // namespace inv

static inv::Warehouse makeWarehouse(int n) {
  inv::Warehouse w;
  w.code = "WH-" + std::to_string(n);
  for (int i = 0; i < 12; ++i) {
    inv::Item it;
    it.sku = "S" + std::to_string(n * 100 + i);
    it.name = "item-" + std::to_string((i * 7 + n) % 13);
    it.quantity = (i * 37 + n * 11) % 50;
    it.price = 0.25 * ((i * 13 + n) % 40) + 1;
    it.tags = {"t" + std::to_string(i % 3), "t" + std::to_string(i % 5)};
    it.dims = {1.0 + i, 2.0 + n, 0.5 * (i + n)};
    if (i % 4 == 0)
      it.supplier = "sup" + std::to_string(i % 3);
    w.bins["B" + std::to_string(i % 4)] += it.quantity;
    w.items.push_back(it);
  }
  return w;
}

int main() {
  json db;
  for (int n = 1; n <= 4; ++n)
    db["warehouses"].push_back(makeWarehouse(n));
  db["status"] = std::map<std::string, inv::Status>{
      {"S100", inv::Status::Active},
      {"S201", inv::Status::Backorder},
      {"S302", inv::Status::Discontinued}};

  std::string text = db.dump();
  json parsed = json::parse(text);
  std::printf("round trip equal: %d, bytes %zu\n", parsed == db, text.size());

  auto houses = parsed["warehouses"].get<std::vector<inv::Warehouse>>();
  double value = 0;
  int units = 0;
  std::map<std::string, int> byTag;
  for (const inv::Warehouse &w : houses)
    for (const inv::Item &i : w.items) {
      value += i.price * i.quantity;
      units += i.quantity;
      for (const std::string &t : i.tags)
        byTag[t] += i.quantity;
    }
  std::printf("warehouses %zu units %d value %.2f\n", houses.size(), units,
              value);
  for (const auto &[tag, qty] : byTag)
    std::printf("  tag %s: %d\n", tag.c_str(), qty);

  json::json_pointer ptr("/warehouses/2/items/5/name");
  std::printf("pointer %s = %s\n", ptr.to_string().c_str(),
              parsed[ptr].get<std::string>().c_str());

  json patched = parsed;
  patched["warehouses"][0]["items"][0]["quantity"] = 99;
  patched["warehouses"][1]["bins"].erase("B1");
  patched["note"] = "audited";
  json diff = json::diff(parsed, patched);
  std::printf("diff: %s\n", diff.dump().c_str());
  std::printf("patch applies: %d\n", parsed.patch(diff) == patched);

  json flat = parsed["warehouses"][3].flatten();
  std::printf("flattened keys %zu, first %s\n", flat.size(),
              flat.begin().key().c_str());

  std::vector<std::uint8_t> cbor = json::to_cbor(parsed);
  std::vector<std::uint8_t> msgpack = json::to_msgpack(parsed);
  std::vector<std::uint8_t> ubjson = json::to_ubjson(parsed);
  std::printf("cbor %zu msgpack %zu ubjson %zu\n", cbor.size(), msgpack.size(),
              ubjson.size());
  std::printf("cbor round trip %d, msgpack round trip %d\n",
              json::from_cbor(cbor) == parsed,
              json::from_msgpack(msgpack) == parsed);

  std::printf("%s\n", parsed["warehouses"][0]["items"][4].dump(2).c_str());
  auto status = parsed["status"]["S201"].get<inv::Status>();
  std::printf("S201 backorder: %d\n", status == inv::Status::Backorder);
  return 0;
}
