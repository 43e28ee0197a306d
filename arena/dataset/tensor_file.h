// Named tensors in one file, in the safetensors format (the format PyTorch users share weights in;
// specification: github.com/huggingface/safetensors, README "Format"): an 8-byte little-endian
// unsigned header length N, N bytes of JSON {NAME: {"dtype", "shape", "data_offsets": [begin,
// end]}, "__metadata__": {KEY: "text"}}, then the tensors' bytes, row-major and little-endian,
// each at its offsets counted from the byte after the header.
//
// The dataset's chunk files are written here (docs/formats.md, "Training data"). This is the
// dataset's own small writer and header reader, behind one interface (write_tensor_file), so that
// the chunks can later be written by a shared safetensors module instead.
//
// Layout choices, all allowed by the format and what its own Python writer does: the header's
// JSON is padded with spaces to a multiple of 8 bytes, and the tensors are laid out by element
// size, largest first (then by name), so every tensor starts at an offset aligned to its element
// size and a reader may view the bytes in place. The JSON's keys are sorted (nlohmann's object),
// so equal tensors and metadata give byte-identical files.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace dataset {

/// An element type of the format, with its name there ("U8", "I16", "F32", ...).
enum class DType { kU8, kI8, kI16, kI32, kI64, kF32, kF64 };

/// Returns the format's name of `dtype`: "U8", "I8", "I16", "I32", "I64", "F32" or "F64".
const char* dtype_name(DType dtype);
/// Returns the bytes of one element of `dtype` (1, 2, 4 or 8).
int dtype_size(DType dtype);

/// One tensor to write: its name, element type, shape (row-major; {} is a scalar) and its bytes,
/// which must hold dtype_size(dtype) x the product of the shape bytes, in the host's order (the
/// writer requires a little-endian host). `bytes` must outlive the write.
struct NamedTensor {
  std::string name;
  DType dtype = DType::kU8;
  std::vector<std::int64_t> shape;
  std::string_view bytes;
};

/// The file's free-form metadata: text keys and text values (the format allows nothing else).
using TensorMetadata = std::map<std::string, std::string>;

/// Returns the whole file for `tensors` and `metadata` as bytes (described above). Throws
/// std::invalid_argument naming the tensor when a name is empty, repeated or "__metadata__", a
/// dimension is negative, or the bytes do not match the shape.
std::string tensor_file_bytes(const std::vector<NamedTensor>& tensors,
                              const TensorMetadata& metadata);

/// Writes tensor_file_bytes(tensors, metadata) to `path` whole or not at all (through
/// PATH.partial and a rename: engine/common/whole_file.h). Throws what tensor_file_bytes throws,
/// and std::runtime_error naming the file when it cannot be written.
void write_tensor_file(const std::filesystem::path& path, const std::vector<NamedTensor>& tensors,
                       const TensorMetadata& metadata);

/// One tensor as a file's header describes it.
struct TensorEntry {
  std::string dtype;  ///< the format's name, e.g. "U8"
  std::vector<std::int64_t> shape;
  std::uint64_t begin = 0, end = 0;  ///< its bytes, from the byte after the header
};

/// A file's header.
struct TensorFileHeader {
  std::map<std::string, TensorEntry> tensors;
  TensorMetadata metadata;
  std::uint64_t data_offset = 0;  ///< where the tensors' bytes start: 8 + the header's length
};

/// Returns the header of the tensor file at `path`, checked: a header length within the file and
/// at most 100 MB, valid JSON, every tensor of a known dtype with its bytes (dtype size x shape)
/// inside the file, and metadata of text values. Throws std::runtime_error, one line naming the
/// file and the problem.
TensorFileHeader read_tensor_header(const std::filesystem::path& path);

}  // namespace dataset
