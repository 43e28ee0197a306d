#include "arena/dataset/tensor_file.h"

#include <algorithm>
#include <array>
#include <bit>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>

#include "engine/common/text.h"
#include "engine/common/whole_file.h"

namespace dataset {
namespace {

using Json = nlohmann::json;

static_assert(std::endian::native == std::endian::little,
              "tensor files hold little-endian bytes, written as the host holds them");

// Each dtype's name in the format and element size, in DType's order.
struct DTypeInfo {
  DType dtype;
  const char* name;
  int size;
};
constexpr std::array<DTypeInfo, 7> kDTypes = {{{DType::kU8, "U8", 1},
                                               {DType::kI8, "I8", 1},
                                               {DType::kI16, "I16", 2},
                                               {DType::kI32, "I32", 4},
                                               {DType::kI64, "I64", 8},
                                               {DType::kF32, "F32", 4},
                                               {DType::kF64, "F64", 8}}};
constexpr bool in_dtype_order() {
  for (std::size_t i = 0; i < kDTypes.size(); ++i)
    if (static_cast<std::size_t>(kDTypes[i].dtype) != i) return false;
  return true;
}
static_assert(in_dtype_order(), "kDTypes lists the dtypes in DType's order");

// The largest header read_tensor_header accepts (the format's own readers refuse larger).
constexpr std::uint64_t kMaxHeaderBytes = 100'000'000;

std::uint64_t element_count(const std::vector<std::int64_t>& shape) {
  std::uint64_t count = 1;
  for (const std::int64_t d : shape) count *= static_cast<std::uint64_t>(d);
  return count;
}

void check_tensor(const NamedTensor& t, std::set<std::string>& names) {
  const auto refuse = [&](const std::string& why) {
    return std::invalid_argument("tensor " + common::quoted(t.name) + ": " + why);
  };
  if (t.name.empty() || t.name == "__metadata__") throw refuse("not a name a tensor may have");
  if (!names.insert(t.name).second) throw refuse("given twice");
  for (const std::int64_t d : t.shape)
    if (d < 0) throw refuse("a dimension is negative");
  const std::uint64_t want =
      element_count(t.shape) * static_cast<std::uint64_t>(dtype_size(t.dtype));
  if (t.bytes.size() != want)
    throw refuse("holds " + std::to_string(t.bytes.size()) + " bytes, its shape needs " +
                 std::to_string(want));
}

// The order of the tensors' bytes in the file: larger elements first, then by name.
std::vector<const NamedTensor*> file_order(const std::vector<NamedTensor>& tensors) {
  std::vector<const NamedTensor*> order;
  for (const NamedTensor& t : tensors) order.push_back(&t);
  std::sort(order.begin(), order.end(), [](const NamedTensor* a, const NamedTensor* b) {
    if (dtype_size(a->dtype) != dtype_size(b->dtype))
      return dtype_size(a->dtype) > dtype_size(b->dtype);
    return a->name < b->name;
  });
  return order;
}

std::uint64_t read_u64_le(const unsigned char* bytes) {
  std::uint64_t value = 0;
  for (int i = 7; i >= 0; --i) value = value << 8 | bytes[i];
  return value;
}

std::runtime_error bad_file(const std::filesystem::path& path, const std::string& why) {
  return std::runtime_error("tensor file " + common::quoted(path.string()) + ": " + why);
}

// Reads one tensor's entry of a header, checking it against the data's size.
TensorEntry entry_of(const std::string& name, const Json& j, std::uint64_t data_bytes) {
  TensorEntry e;
  e.dtype = j.at("dtype").get<std::string>();
  const auto known = std::find_if(kDTypes.begin(), kDTypes.end(),
                                  [&](const DTypeInfo& d) { return e.dtype == d.name; });
  if (known == kDTypes.end())
    throw std::invalid_argument("tensor " + common::quoted(name) + " has the unknown dtype " +
                                common::quoted(e.dtype));
  e.shape = j.at("shape").get<std::vector<std::int64_t>>();
  const auto offsets = j.at("data_offsets").get<std::vector<std::uint64_t>>();
  if (offsets.size() != 2 || offsets[0] > offsets[1] || offsets[1] > data_bytes)
    throw std::invalid_argument("tensor " + common::quoted(name) +
                                "'s data_offsets lie outside "
                                "the file");
  e.begin = offsets[0];
  e.end = offsets[1];
  for (const std::int64_t d : e.shape)
    if (d < 0)
      throw std::invalid_argument("tensor " + common::quoted(name) +
                                  " has a negative "
                                  "dimension");
  if (element_count(e.shape) * static_cast<std::uint64_t>(known->size) != e.end - e.begin)
    throw std::invalid_argument("tensor " + common::quoted(name) +
                                "'s bytes do not match its "
                                "shape");
  return e;
}

}  // namespace

const char* dtype_name(DType dtype) {
  return kDTypes[static_cast<std::size_t>(dtype)].name;
}

int dtype_size(DType dtype) {
  return kDTypes[static_cast<std::size_t>(dtype)].size;
}

std::string tensor_file_bytes(const std::vector<NamedTensor>& tensors,
                              const TensorMetadata& metadata) {
  std::set<std::string> names;
  for (const NamedTensor& t : tensors) check_tensor(t, names);
  const std::vector<const NamedTensor*> order = file_order(tensors);
  Json header = Json::object();
  std::uint64_t offset = 0;
  for (const NamedTensor* t : order) {
    header[t->name] = {{"dtype", dtype_name(t->dtype)},
                       {"shape", t->shape},
                       {"data_offsets", {offset, offset + t->bytes.size()}}};
    offset += t->bytes.size();
  }
  if (!metadata.empty()) header["__metadata__"] = metadata;
  std::string text = header.dump();
  text.resize((text.size() + 7) / 8 * 8, ' ');  // the data starts 8-byte aligned
  std::string file(8, '\0');
  for (int i = 0; i < 8; ++i) file[i] = static_cast<char>((text.size() >> (8 * i)) & 0xff);
  file.reserve(8 + text.size() + offset);
  file += text;
  for (const NamedTensor* t : order) file.append(t->bytes);
  return file;
}

void write_tensor_file(const std::filesystem::path& path, const std::vector<NamedTensor>& tensors,
                       const TensorMetadata& metadata) {
  common::write_whole_file(path, tensor_file_bytes(tensors, metadata));
}

TensorFileHeader read_tensor_header(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw bad_file(path, "cannot be opened");
  std::error_code ec;
  const std::uint64_t size = std::filesystem::file_size(path, ec);
  if (ec || size < 8) throw bad_file(path, "is shorter than the 8 bytes of a header length");
  unsigned char length_bytes[8];
  in.read(reinterpret_cast<char*>(length_bytes), 8);
  const std::uint64_t length = read_u64_le(length_bytes);
  if (length > kMaxHeaderBytes || length > size - 8)
    throw bad_file(
        path, "its header length " + std::to_string(length) + " runs past the file or over 100 MB");
  std::string text(length, '\0');
  in.read(text.data(), static_cast<std::streamsize>(length));
  if (!in) throw bad_file(path, "its header cannot be read");
  TensorFileHeader out;
  out.data_offset = 8 + length;
  try {
    const Json header = Json::parse(text);
    for (const auto& [name, value] : header.items()) {
      if (name == "__metadata__")
        out.metadata = value.get<TensorMetadata>();
      else
        out.tensors[name] = entry_of(name, value, size - out.data_offset);
    }
  } catch (const std::exception& e) {
    throw bad_file(path, std::string("not a tensor file (") + common::quoted(e.what(), 120) + ")");
  }
  return out;
}

}  // namespace dataset
