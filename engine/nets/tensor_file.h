// Tensor files in the safetensors format (Hugging Face's format for sharing weights, the one
// PyTorch's and NumPy's `safetensors` packages read and write): a model's weights, and the chunks
// of a training data set. The layout, as Hugging Face's safetensors documentation gives it:
//
//   8 bytes    N, the header's length: an unsigned 64-bit integer, little-endian
//   N bytes    the header: a JSON object {NAME: {"dtype": "F32", "shape": [2, 3],
//              "data_offsets": [BEGIN, END]}, ..., "__metadata__": {KEY: "text", ...}}
//              ("__metadata__" optional), padded with spaces at its end
//   the rest   the data: each tensor's elements, little-endian, in C order (the last index
//              varies fastest), at bytes [BEGIN, END) counted from the first byte after the header
//
// The reader refuses, in one line naming the file (FileError), everything a damaged or foreign file
// could hold: a header length above 100 MB (the limit of Hugging Face's own reader) or past the
// end of the file, a header that is not a JSON object, a name given twice, a dtype other than the
// seven below, a shape that is not a list of non-negative integers, offsets out of the data, a
// tensor whose byte count is not its dtype's size times the product of its shape, tensors that
// overlap, and data bytes that no tensor covers. Nothing is allocated by a length read from the
// file before that length has been checked against the file's real size.
//
// The host must be little-endian (x86-64, arm64): tensors are copied byte for byte.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace nets {

static_assert(std::endian::native == std::endian::little,
              "tensor files are little-endian and copied byte for byte: a big-endian host would "
              "need a byte swap on every element");

/// The element types this project reads and writes (safetensors' names in dtype_name).
enum class Dtype { kF32, kF64, kU8, kI8, kI16, kI32, kI64 };

/// Returns the safetensors name of `dtype`: "F32", "F64", "U8", "I8", "I16", "I32" or "I64".
std::string_view dtype_name(Dtype dtype);

/// Returns the bytes one element of `dtype` takes: 1, 2, 4 or 8.
std::size_t dtype_size(Dtype dtype);

/// Returns the Dtype named `name` (as dtype_name spells it, upper case), or nothing for any other
/// name (safetensors' BF16, F16, BOOL, U16, U32, U64 and F8 types are not read here).
std::optional<Dtype> dtype_from_name(std::string_view name);

/// Returns the Dtype of the C++ element type T: float F32, double F64, std::uint8_t U8,
/// std::int8_t I8, std::int16_t I16, std::int32_t I32, std::int64_t I64 (any other T does not
/// compile).
template <class T>
consteval Dtype dtype_of() {
  constexpr std::array<std::pair<bool, Dtype>, 7> kTypes = {{
      {std::is_same_v<T, float>, Dtype::kF32},
      {std::is_same_v<T, double>, Dtype::kF64},
      {std::is_same_v<T, std::uint8_t>, Dtype::kU8},
      {std::is_same_v<T, std::int8_t>, Dtype::kI8},
      {std::is_same_v<T, std::int16_t>, Dtype::kI16},
      {std::is_same_v<T, std::int32_t>, Dtype::kI32},
      {std::is_same_v<T, std::int64_t>, Dtype::kI64},
  }};
  for (const auto& [same, dtype] : kTypes)
    if (same) return dtype;
  throw std::logic_error("no Dtype for this element type");  // consteval: a compile error
}

/// One named tensor: its element type, its shape and its elements as bytes.
struct Tensor {
  std::string name;
  Dtype dtype = Dtype::kF32;
  /// The size of each dimension, outermost first (a weight [out, in] has `out` rows of `in`
  /// elements); empty for a scalar (one element). Every size is >= 0.
  std::vector<std::int64_t> shape;
  /// The elements, little-endian, in C order: dtype_size(dtype) x element_count() bytes.
  std::vector<std::byte> bytes;

  /// Returns the product of the shape's sizes (1 for a scalar, 0 when a size is 0).
  std::int64_t element_count() const {
    std::int64_t n = 1;
    for (const std::int64_t d : shape) n *= d;
    return n;
  }

  /// Returns the elements as T, in C order. Throws std::invalid_argument naming the tensor when
  /// its dtype is not dtype_of<T>().
  template <class T>
  std::vector<T> values() const {
    if (dtype != dtype_of<T>())
      throw std::invalid_argument("tensor \"" + name + "\" holds " +
                                  std::string(dtype_name(dtype)) + ", not " +
                                  std::string(dtype_name(dtype_of<T>())));
    std::vector<T> out(bytes.size() / sizeof(T));
    if (!out.empty()) std::memcpy(out.data(), bytes.data(), out.size() * sizeof(T));
    return out;
  }

  /// Returns the tensor `name` of `shape` holding `elements` (C order), of dtype dtype_of<T>():
  /// `Tensor::of<float>("bias", {85}, values)`. Throws std::invalid_argument when a size is
  /// negative or the shape's product is not elements.size().
  template <class T>
  static Tensor of(std::string name, std::vector<std::int64_t> shape, std::span<const T> elements) {
    Tensor t{std::move(name), dtype_of<T>(), std::move(shape), {}};
    t.check_shape(elements.size());
    t.bytes.resize(elements.size_bytes());
    if (!elements.empty()) std::memcpy(t.bytes.data(), elements.data(), elements.size_bytes());
    return t;
  }

  /// Throws std::invalid_argument naming the tensor unless every size of its shape is >= 0 and
  /// their product is `count`.
  void check_shape(std::size_t count) const;
};

/// What a tensor file holds.
struct TensorFile {
  /// The tensors, in the order of their data in the file.
  std::vector<Tensor> tensors;
  /// The header's "__metadata__": text keys and text values (empty when absent).
  std::map<std::string, std::string> metadata;

  /// Returns the tensor called `name`, or nullptr when there is none.
  const Tensor* find(std::string_view name) const {
    for (const Tensor& t : tensors)
      if (t.name == name) return &t;
    return nullptr;
  }
};

/// The largest header length read: Hugging Face's reader refuses longer headers too.
inline constexpr std::uint64_t kMaxHeaderBytes = 100'000'000;

/// Returns the tensors and metadata of `contents`, the whole of a tensor file, checked as the
/// header comment says. Throws FileError (file_error.h) `WHAT "PATH": PROBLEM` naming `path` as a
/// file of kind `what` ("tensor file", "model weights"): `path` is used in the message only.
TensorFile parse_tensor_file(std::string_view contents, const std::string& path,
                             const std::string& what = "tensor file");

/// Returns the tensor file at `path` (parse_tensor_file). Throws FileError naming the file when
/// it is missing, not a regular file, unreadable, or refused by parse_tensor_file. Reads the
/// whole file into memory.
TensorFile read_tensor_file(const std::string& path, const std::string& what = "tensor file");

/// Returns the bytes of a tensor file holding `tensors` and `metadata`. The data is laid out by
/// element size, largest first (then in the given order), after a header padded with spaces to a
/// multiple of 8 bytes, so that every tensor starts at an offset that is a multiple of its
/// element size (numpy and PyTorch can then map it in place). Throws std::invalid_argument naming
/// the tensor when a name is empty, given twice or "__metadata__", when a size is negative, or
/// when a tensor's byte count is not dtype_size x element_count().
std::string tensor_file_bytes(std::span<const Tensor> tensors,
                              const std::map<std::string, std::string>& metadata = {});

/// Writes tensor_file_bytes(tensors, metadata) to `path` whole or not at all: through
/// PATH.partial and a rename (common::write_whole_file, engine/common/whole_file.h), so a reader
/// or a killed writer never sees half a file. Throws std::invalid_argument as tensor_file_bytes
/// does, and std::runtime_error naming the file when it cannot be written.
void write_tensor_file(const std::string& path, std::span<const Tensor> tensors,
                       const std::map<std::string, std::string>& metadata = {});

}  // namespace nets
