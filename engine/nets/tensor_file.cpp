#include "engine/nets/tensor_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <nlohmann/json.hpp>
#include <set>

#include "engine/common/text.h"
#include "engine/common/whole_file.h"
#include "engine/nets/file_error.h"
#include "engine/nets/json_text.h"

namespace nets {
namespace {

using Json = nlohmann::json;

struct DtypeInfo {
  Dtype dtype;
  std::string_view name;
  std::size_t size;
};

constexpr std::array<DtypeInfo, 7> kDtypes = {{{Dtype::kF32, "F32", 4},
                                               {Dtype::kF64, "F64", 8},
                                               {Dtype::kU8, "U8", 1},
                                               {Dtype::kI8, "I8", 1},
                                               {Dtype::kI16, "I16", 2},
                                               {Dtype::kI32, "I32", 4},
                                               {Dtype::kI64, "I64", 8}}};

const DtypeInfo& info(Dtype dtype) {
  for (const DtypeInfo& d : kDtypes)
    if (d.dtype == dtype) return d;
  throw std::logic_error("unknown Dtype");
}

std::string known_dtypes() {
  std::string out;
  for (const DtypeInfo& d : kDtypes) out += (out.empty() ? "" : ", ") + std::string(d.name);
  return out;
}

// Returns a x b, or nothing when it exceeds 2^63 - 1 (no tensor file is that large).
std::optional<std::uint64_t> checked_product(std::uint64_t a, std::uint64_t b) {
  constexpr std::uint64_t kLimit = std::uint64_t{1} << 63;
  if (a != 0 && b > (kLimit - 1) / a) return std::nullopt;
  return a * b;
}

// One tensor's entry in the header, checked alone.
struct Entry {
  std::string name;
  Dtype dtype;
  std::vector<std::int64_t> shape;
  std::uint64_t begin, end;
};

// Reads the header's JSON, noting the first key an object gives twice (nlohmann keeps the last
// silently; the format forbids duplicates, and a weight given twice is ambiguous).
Json parse_header(std::string_view text, std::string& duplicate) {
  std::vector<std::set<std::string>> keys;
  const auto note = [&](int /*depth*/, Json::parse_event_t event, Json& parsed) {
    if (event == Json::parse_event_t::object_start) keys.emplace_back();
    if (event == Json::parse_event_t::object_end) keys.pop_back();
    if (event == Json::parse_event_t::key && !keys.empty() &&
        !keys.back().insert(parsed.get<std::string>()).second && duplicate.empty())
      duplicate = parsed.get<std::string>();
    return true;
  };
  return Json::parse(text.begin(), text.end(), note);
}

// Returns the shape in `j` (a list of integers >= 0) or throws `problem`.
std::vector<std::int64_t> shape_of(const Json& j, const std::string& name) {
  const std::string problem = "tensor " + common::quoted(name) +
                              ": \"shape\" must be a list of integers "
                              "0 or more (got " +
                              json_shown(j) + ")";
  if (!j.is_array()) throw std::invalid_argument(problem);
  std::vector<std::int64_t> shape;
  for (const Json& d : j) {
    if (!d.is_number_unsigned() || d.get<std::uint64_t>() > (std::uint64_t{1} << 62))
      throw std::invalid_argument(problem);
    shape.push_back(d.get<std::int64_t>());
  }
  return shape;
}

// Returns the entry of tensor `name` from its header object `j`, checked against the data's size.
Entry entry_of(const std::string& name, const Json& j, std::uint64_t data_size) {
  const std::string tensor = "tensor " + common::quoted(name);
  if (!j.is_object())
    throw std::invalid_argument(tensor + ": must be an object with dtype, shape and data_offsets");
  for (const auto& [key, value] : j.items())
    if (key != "dtype" && key != "shape" && key != "data_offsets")
      throw std::invalid_argument(tensor + ": unknown field " + common::quoted(key) +
                                  " (a tensor has dtype, shape and data_offsets)");
  for (const char* key : {"dtype", "shape", "data_offsets"})
    if (!j.contains(key)) throw std::invalid_argument(tensor + ": \"" + key + "\" is missing");
  const Json& dtype = j.at("dtype");
  const auto known = dtype.is_string() ? dtype_from_name(dtype.get<std::string>()) : std::nullopt;
  if (!known)
    throw std::invalid_argument(tensor + ": dtype " + json_shown(dtype) +
                                " is not one this reader knows (" + known_dtypes() + ")");
  Entry e{name, *known, shape_of(j.at("shape"), name), 0, 0};
  const Json& offsets = j.at("data_offsets");
  if (!offsets.is_array() || offsets.size() != 2 || !offsets[0].is_number_unsigned() ||
      !offsets[1].is_number_unsigned())
    throw std::invalid_argument(tensor + ": \"data_offsets\" must be [begin, end], two integers " +
                                "0 or more (got " + json_shown(offsets) + ")");
  e.begin = offsets[0].get<std::uint64_t>();
  e.end = offsets[1].get<std::uint64_t>();
  const std::string range = "[" + std::to_string(e.begin) + ", " + std::to_string(e.end) + ")";
  if (e.begin > e.end || e.end > data_size)
    throw std::invalid_argument(tensor + ": data_offsets " + range + " are not within the " +
                                std::to_string(data_size) + " bytes of data");
  std::optional<std::uint64_t> bytes = dtype_size(e.dtype);
  for (const std::int64_t d : e.shape)
    if (bytes) bytes = checked_product(*bytes, static_cast<std::uint64_t>(d));
  if (!bytes || *bytes != e.end - e.begin)
    throw std::invalid_argument(
        tensor + ": " + std::string(dtype_name(e.dtype)) + " of shape " + j.at("shape").dump() +
        " takes " + (bytes ? std::to_string(*bytes) : std::string("more than 2^63")) +
        " bytes, but its data_offsets " + range + " hold " + std::to_string(e.end - e.begin));
  return e;
}

// Throws unless the entries, sorted by offset, cover [0, data_size) exactly, each once.
void check_cover(std::vector<Entry>& entries, std::uint64_t data_size) {
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
  });
  std::uint64_t covered = 0;
  const Entry* previous = nullptr;
  for (const Entry& e : entries) {
    if (e.begin < covered)
      throw std::invalid_argument("tensors " + common::quoted(previous->name) + " and " +
                                  common::quoted(e.name) + " overlap (data_offsets [" +
                                  std::to_string(previous->begin) + ", " +
                                  std::to_string(previous->end) + ") and [" +
                                  std::to_string(e.begin) + ", " + std::to_string(e.end) + "))");
    if (e.begin > covered)
      throw std::invalid_argument("bytes [" + std::to_string(covered) + ", " +
                                  std::to_string(e.begin) + ") of the data belong to no tensor");
    covered = e.end;
    previous = &e;
  }
  if (covered != data_size)
    throw std::invalid_argument("bytes [" + std::to_string(covered) + ", " +
                                std::to_string(data_size) + ") of the data belong to no tensor");
}

// Returns the "__metadata__" object `j`: text keys and text values.
std::map<std::string, std::string> metadata_of(const Json& j) {
  const std::string problem = "\"__metadata__\" must be an object of text values";
  if (!j.is_object()) throw std::invalid_argument(problem);
  std::map<std::string, std::string> out;
  for (const auto& [key, value] : j.items()) {
    if (!value.is_string())
      throw std::invalid_argument(problem + " (" + common::quoted(key) + " is " +
                                  value.type_name() + ")");
    out[key] = value.get<std::string>();
  }
  return out;
}

// Returns the header length written in the first 8 bytes, checked against the contents' size.
std::uint64_t header_length(std::string_view contents) {
  if (contents.size() < 8)
    throw std::invalid_argument(std::to_string(contents.size()) + " bytes long: too short for " +
                                "a safetensors file (8 bytes of header length come first)");
  std::uint64_t n = 0;
  std::memcpy(&n, contents.data(), 8);  // little-endian, as the host (static_assert in the header)
  if (n > kMaxHeaderBytes)
    throw std::invalid_argument("header length " + std::to_string(n) + " is above the " +
                                "100 MB a safetensors header may take (not a safetensors file?)");
  if (n > contents.size() - 8)
    throw std::invalid_argument("header length " + std::to_string(n) + " runs past the end of " +
                                "the file (" + std::to_string(contents.size()) + " bytes)");
  return n;
}

// parse_tensor_file's work, throwing std::invalid_argument with the problem alone.
TensorFile parse_contents(std::string_view contents) {
  const std::uint64_t n = header_length(contents);
  const std::string_view header_text = contents.substr(8, n);
  const std::string_view data = contents.substr(8 + n);
  std::string duplicate;
  Json header;
  try {
    header = parse_header(header_text, duplicate);
  } catch (const Json::exception& e) {
    throw std::invalid_argument("the header is not valid JSON: " + json_error_text(e));
  }
  if (!header.is_object()) throw std::invalid_argument("the header is not a JSON object");
  if (!duplicate.empty())
    throw std::invalid_argument("the header gives " + common::quoted(duplicate) + " twice");
  TensorFile file;
  std::vector<Entry> entries;
  for (const auto& [name, value] : header.items()) {
    if (name == "__metadata__")
      file.metadata = metadata_of(value);
    else
      entries.push_back(entry_of(name, value, data.size()));
  }
  check_cover(entries, data.size());
  for (Entry& e : entries) {
    const auto* begin = reinterpret_cast<const std::byte*>(data.data() + e.begin);
    file.tensors.push_back(Tensor{std::move(e.name), e.dtype, std::move(e.shape),
                                  std::vector<std::byte>(begin, begin + (e.end - e.begin))});
  }
  return file;
}

// Returns the whole regular file at `path`; throws FileError naming it.
std::string read_bytes(const std::string& path, const std::string& what) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) throw file_error(what, path, std::string("cannot read it: ") + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    throw file_error(what, path, "not a regular file");
  }
  std::string contents(static_cast<std::size_t>(st.st_size), '\0');
  std::size_t done = 0;
  while (done < contents.size()) {
    const ssize_t got = ::read(fd, contents.data() + done, contents.size() - done);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      const int error = got < 0 ? errno : 0;
      ::close(fd);
      throw file_error(what, path,
                       error ? std::string("cannot read it: ") + std::strerror(error)
                             : std::string("it shrank while being read"));
    }
    done += static_cast<std::size_t>(got);
  }
  ::close(fd);
  return contents;
}

// Returns the header of a file holding `entries` at their offsets, padded with spaces to a
// multiple of 8 bytes.
std::string header_text(const std::vector<const Tensor*>& order,
                        const std::map<std::string, std::string>& metadata) {
  Json header = Json::object();
  if (!metadata.empty()) header["__metadata__"] = metadata;
  std::uint64_t offset = 0;
  for (const Tensor* t : order) {
    header[t->name] = {{"dtype", std::string(dtype_name(t->dtype))},
                       {"shape", t->shape},
                       {"data_offsets", {offset, offset + t->bytes.size()}}};
    offset += t->bytes.size();
  }
  std::string text = header.dump();
  text.append((8 - (8 + text.size()) % 8) % 8, ' ');
  return text;
}

}  // namespace

std::string_view dtype_name(Dtype dtype) {
  return info(dtype).name;
}

std::size_t dtype_size(Dtype dtype) {
  return info(dtype).size;
}

std::optional<Dtype> dtype_from_name(std::string_view name) {
  for (const DtypeInfo& d : kDtypes)
    if (d.name == name) return d.dtype;
  return std::nullopt;
}

void Tensor::check_shape(std::size_t count) const {
  std::optional<std::uint64_t> product = 1;
  for (const std::int64_t d : shape) {
    if (d < 0)
      throw std::invalid_argument("tensor " + common::quoted(name) +
                                  ": a negative size in its shape");
    if (product) product = checked_product(*product, static_cast<std::uint64_t>(d));
  }
  if (!product || *product != count)
    throw std::invalid_argument("tensor " + common::quoted(name) + ": its shape holds " +
                                (product ? std::to_string(*product) : "too many") +
                                " elements, but it was given " + std::to_string(count));
}

TensorFile parse_tensor_file(std::string_view contents, const std::string& path,
                             const std::string& what) {
  try {
    return parse_contents(contents);
  } catch (const std::invalid_argument& e) {
    throw file_error(what, path, e.what());
  }
}

TensorFile read_tensor_file(const std::string& path, const std::string& what) {
  return parse_tensor_file(read_bytes(path, what), path, what);
}

std::string tensor_file_bytes(std::span<const Tensor> tensors,
                              const std::map<std::string, std::string>& metadata) {
  std::set<std::string> names;
  for (const Tensor& t : tensors) {
    if (t.name.empty() || t.name == "__metadata__" || !names.insert(t.name).second)
      throw std::invalid_argument("tensor " + common::quoted(t.name) +
                                  ": a tensor needs a name of its " +
                                  "own (not empty, not __metadata__, not given twice)");
    if (t.bytes.size() % dtype_size(t.dtype) != 0)
      throw std::invalid_argument("tensor " + common::quoted(t.name) + ": " +
                                  std::to_string(t.bytes.size()) + " bytes are not whole " +
                                  std::string(dtype_name(t.dtype)) + " elements");
    t.check_shape(t.bytes.size() / dtype_size(t.dtype));
  }
  std::vector<const Tensor*> order;
  for (const Tensor& t : tensors) order.push_back(&t);
  std::stable_sort(order.begin(), order.end(), [](const Tensor* a, const Tensor* b) {
    return dtype_size(a->dtype) > dtype_size(b->dtype);
  });
  const std::string header = header_text(order, metadata);
  std::string out(8, '\0');
  const std::uint64_t n = header.size();
  std::memcpy(out.data(), &n, 8);
  out += header;
  for (const Tensor* t : order)
    out.append(reinterpret_cast<const char*>(t->bytes.data()), t->bytes.size());
  return out;
}

void write_tensor_file(const std::string& path, std::span<const Tensor> tensors,
                       const std::map<std::string, std::string>& metadata) {
  common::write_whole_file(path, tensor_file_bytes(tensors, metadata));
}

}  // namespace nets
