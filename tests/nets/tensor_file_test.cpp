// Tensor files (engine/nets/tensor_file.h): files built byte by byte in the test, as the
// safetensors format describes them (8-byte little-endian header length, JSON header, data), read
// back to the values they were built from; the writer's files laid out as that format says; and
// every damaged file refused in one line that names the file.
#include "engine/nets/tensor_file.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/nets/file_error.h"
#include "tests/test_files.h"

namespace nets {
namespace {

// The 8 little-endian bytes of `n`, written out one by one (not through the reader's memcpy).
std::string length_bytes(std::uint64_t n) {
  std::string out;
  for (int i = 0; i < 8; ++i) out += static_cast<char>((n >> (8 * i)) & 0xff);
  return out;
}

// A whole file: the header text's length, the header, then `data`.
std::string file_of(const std::string& header, const std::string& data) {
  return length_bytes(header.size()) + header + data;
}

// A file whose header holds one tensor "w" with these fields (JSON text), then `data`.
std::string one_tensor(const std::string& dtype, const std::string& shape,
                       const std::string& offsets, const std::string& data) {
  return file_of(R"({"w":{"dtype":")" + dtype + R"(","shape":)" + shape + R"(,"data_offsets":)" +
                     offsets + "}}",
                 data);
}

// The little-endian bytes of float32 values (IEEE 754 single: 1.0 = 0x3f800000, -2.5 =
// 0xc0200000, 0.5 = 0x3f000000).
const std::string kOneMinusTwoAndAHalf = std::string("\x00\x00\x80\x3f\x00\x00\x20\xc0", 8);

// Returns the FileError message of parsing `contents` as the file `path`, or "" when accepted.
std::string parse_refusal(const std::string& contents,
                          const std::string& path = "weights.safetensors") {
  try {
    parse_tensor_file(contents, path);
  } catch (const FileError& e) {
    return e.what();
  }
  return "";
}

// Expects `contents` refused with a message naming the file and holding `fragment`.
void expect_parse_refused(const std::string& contents, const std::string& fragment) {
  const std::string message = parse_refusal(contents);
  EXPECT_NE(message.find("tensor file \"weights.safetensors\": "), std::string::npos) << message;
  EXPECT_NE(message.find(fragment), std::string::npos) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
}

TEST(TensorFile, ReadsAFileBuiltByHandFromTheFormat) {
  const std::string header = R"({"__metadata__":{"note":"hand-made"},)"
                             R"("w":{"dtype":"F32","shape":[1,2],"data_offsets":[0,8]},)"
                             R"("k":{"dtype":"I16","shape":[3],"data_offsets":[8,14]},)"
                             R"("s":{"dtype":"U8","shape":[],"data_offsets":[14,15]},)"
                             R"("e":{"dtype":"I64","shape":[0,4],"data_offsets":[15,15]}}  )";
  // I16 values 1, -2, 300 little-endian: 01 00, fe ff, 2c 01; the U8 scalar 7.
  const std::string data = kOneMinusTwoAndAHalf + std::string("\x01\x00\xfe\xff\x2c\x01\x07", 7);
  const TensorFile file = parse_tensor_file(file_of(header, data), "hand.safetensors");
  ASSERT_EQ(file.tensors.size(), 4u);
  EXPECT_EQ(file.metadata.at("note"), "hand-made");
  const Tensor* w = file.find("w");
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->shape, (std::vector<std::int64_t>{1, 2}));
  EXPECT_EQ(w->values<float>(), (std::vector<float>{1.0f, -2.5f}));
  EXPECT_EQ(file.find("k")->values<std::int16_t>(), (std::vector<std::int16_t>{1, -2, 300}));
  EXPECT_EQ(file.find("s")->element_count(), 1);
  EXPECT_EQ(file.find("s")->values<std::uint8_t>(), (std::vector<std::uint8_t>{7}));
  EXPECT_EQ(file.find("e")->element_count(), 0);
  EXPECT_EQ(file.find("missing"), nullptr);
  // In the order of their data: w, k, s, then the empty e.
  EXPECT_EQ(file.tensors[0].name, "w");
  EXPECT_EQ(file.tensors[2].name, "s");
  EXPECT_THROW(w->values<double>(), std::invalid_argument);
}

TEST(TensorFile, EveryDtypeRoundTripsThroughAFileWithItsMetadata) {
  test_files::TempDir dir;
  const std::vector<float> f32{1.5f, -0.0f, std::numeric_limits<float>::denorm_min(), 3e38f};
  const std::vector<double> f64{0.1, -1e300};
  const std::vector<std::uint8_t> u8{0, 1, 255};
  const std::vector<std::int8_t> i8{-128, 127};
  const std::vector<std::int16_t> i16{-32768, 32767, 5};
  const std::vector<std::int32_t> i32{-7, 1 << 30};
  const std::vector<std::int64_t> i64{std::numeric_limits<std::int64_t>::min(), 42};
  const std::vector<Tensor> tensors = {
      Tensor::of<std::uint8_t>("u8", {3}, u8),   Tensor::of<float>("f32", {2, 2}, f32),
      Tensor::of<std::int8_t>("i8", {2, 1}, i8), Tensor::of<double>("f64", {2}, f64),
      Tensor::of<std::int16_t>("i16", {3}, i16), Tensor::of<std::int32_t>("i32", {1, 2}, i32),
      Tensor::of<std::int64_t>("i64", {2}, i64), Tensor::of<float>("empty", {0, 3}, {})};
  const std::string path = dir.sub("all.safetensors");
  write_tensor_file(path, tensors, {{"seed", "7"}, {"command", "dominoes dataset"}});
  const TensorFile file = read_tensor_file(path);
  EXPECT_EQ(file.metadata,
            (std::map<std::string, std::string>{{"seed", "7"}, {"command", "dominoes dataset"}}));
  ASSERT_EQ(file.tensors.size(), tensors.size());
  for (const Tensor& t : tensors) {
    const Tensor* back = file.find(t.name);
    ASSERT_NE(back, nullptr) << t.name;
    EXPECT_EQ(back->dtype, t.dtype) << t.name;
    EXPECT_EQ(back->shape, t.shape) << t.name;
    EXPECT_EQ(back->bytes, t.bytes) << t.name;
  }
  EXPECT_EQ(file.find("i64")->values<std::int64_t>(), i64);
  EXPECT_EQ(file.find("f64")->values<double>(), f64);
  EXPECT_FALSE(std::filesystem::exists(path + ".partial"));
}

TEST(TensorFile, WrittenFilesFollowTheFormatWithAlignedData) {
  const std::vector<std::uint8_t> u8{9};
  const std::vector<double> f64{2.0};
  const std::vector<Tensor> tensors = {Tensor::of<std::uint8_t>("first", {1}, u8),
                                       Tensor::of<double>("second", {1}, f64)};
  const std::string bytes = tensor_file_bytes(tensors);
  std::uint64_t n = 0;
  for (int i = 7; i >= 0; --i) n = (n << 8) | static_cast<unsigned char>(bytes[i]);
  ASSERT_LE(8 + n, bytes.size());
  EXPECT_EQ((8 + n) % 8, 0u) << "the data starts on a multiple of 8";
  const auto header = nlohmann::json::parse(bytes.substr(8, n));
  // The 8-byte double first, then the byte: each at a multiple of its size.
  EXPECT_EQ(header.at("second").at("data_offsets"), nlohmann::json::array({0, 8}));
  EXPECT_EQ(header.at("first").at("data_offsets"), nlohmann::json::array({8, 9}));
  EXPECT_EQ(header.at("second").at("dtype"), "F64");
  EXPECT_FALSE(header.contains("__metadata__"));
  EXPECT_EQ(bytes.size(), 8 + n + 9);
  EXPECT_EQ(bytes.substr(8 + n, 8), std::string("\0\0\0\0\0\0\0\x40", 8));  // 2.0
  EXPECT_EQ(bytes.back(), '\x09');
}

TEST(TensorFile, TheWriterRefusesTensorsItCannotWrite) {
  const std::vector<float> two{1, 2};
  EXPECT_THROW(Tensor::of<float>("x", {3}, two), std::invalid_argument);
  EXPECT_THROW(Tensor::of<float>("x", {-1, -2}, two), std::invalid_argument);
  const Tensor x = Tensor::of<float>("x", {2}, two);
  EXPECT_THROW(tensor_file_bytes(std::vector<Tensor>{x, x}), std::invalid_argument);
  Tensor meta = x;
  meta.name = "__metadata__";
  EXPECT_THROW(tensor_file_bytes(std::vector<Tensor>{meta}), std::invalid_argument);
  Tensor odd = x;
  odd.bytes.pop_back();
  EXPECT_THROW(tensor_file_bytes(std::vector<Tensor>{odd}), std::invalid_argument);
}

TEST(TensorFile, EveryTruncationOfAValidFileIsRefused) {
  const std::string valid =
      file_of(R"({"w":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})", kOneMinusTwoAndAHalf);
  ASSERT_EQ(parse_refusal(valid), "");
  for (std::size_t size = 0; size < valid.size(); ++size) {
    const std::string message = parse_refusal(valid.substr(0, size));
    EXPECT_NE(message.find("tensor file \"weights.safetensors\": "), std::string::npos)
        << "cut to " << size << " bytes: " << message;
  }
}

TEST(TensorFile, HeaderLengthsBeyondTheLimitOrTheFileAreRefusedBeforeAllocating) {
  expect_parse_refused(length_bytes(std::uint64_t{1} << 40) + "{}",
                       "header length 1099511627776 is "
                       "above the 100 MB");
  expect_parse_refused(length_bytes(~std::uint64_t{0}) + "{}", "above the 100 MB");
  expect_parse_refused(length_bytes(100) + "{}", "runs past the end of the file (10 bytes)");
  expect_parse_refused(std::string("\x02\x00\x00", 3), "3 bytes long: too short");
}

TEST(TensorFile, HeadersThatAreNotJsonObjectsAreRefused) {
  expect_parse_refused(file_of("{\"w\": ", ""), "the header is not valid JSON");
  expect_parse_refused(file_of("[1, 2]", ""), "the header is not a JSON object");
  expect_parse_refused(file_of("{} trailing", ""), "not valid JSON");
  expect_parse_refused(file_of("{\"w\": 3}", ""), "tensor \"w\": must be an object");
  expect_parse_refused(file_of("{\"\xff\": 3}", ""), "not valid JSON");
}

TEST(TensorFile, ANameGivenTwiceIsRefused) {
  expect_parse_refused(file_of(R"({"w":{"dtype":"U8","shape":[1],"data_offsets":[0,1]},)"
                               R"("w":{"dtype":"U8","shape":[1],"data_offsets":[1,2]}})",
                               "ab"),
                       "gives \"w\" twice");
}

TEST(TensorFile, UnknownDtypesAndFieldsAreRefused) {
  expect_parse_refused(one_tensor("BF16", "[1]", "[0,2]", "ab"),
                       "dtype \"BF16\" is not one this reader knows (F32, F64, U8, I8, I16, "
                       "I32, I64)");
  expect_parse_refused(
      file_of(R"({"w":{"dtype":"U8","shape":[1],"data_offsets":[0,1],"x":1}})", "a"),
      "unknown field \"x\"");
  expect_parse_refused(file_of(R"({"w":{"dtype":"U8","shape":[1]}})", "a"),
                       "\"data_offsets\" is missing");
}

TEST(TensorFile, ShapesMustBeListsOfNonNegativeIntegers) {
  expect_parse_refused(one_tensor("U8", "[-1]", "[0,1]", "a"),
                       "\"shape\" must be a list of integers 0 or more");
  expect_parse_refused(one_tensor("U8", "[1.5]", "[0,1]", "a"), "\"shape\" must be a list");
  expect_parse_refused(one_tensor("U8", "3", "[0,1]", "a"), "\"shape\" must be a list");
  // A product past 2^63 is refused, not wrapped around to the byte count.
  expect_parse_refused(file_of(R"({"w":{"dtype":"F64","shape":[4294967296,4294967296],)"
                               R"("data_offsets":[0,0]}})",
                               ""),
                       "takes more than 2^63 bytes");
}

TEST(TensorFile, AByteCountThatIsNotDtypeSizeTimesTheShapeIsRefused) {
  // I16 of shape [3] takes 6 bytes, not 4.
  expect_parse_refused(one_tensor("I16", "[3]", "[0,4]", "abcd"),
                       "I16 of shape [3] takes 6 bytes, but its data_offsets [0, 4) hold 4");
}

TEST(TensorFile, OffsetsOutOfTheDataAreRefused) {
  expect_parse_refused(one_tensor("U8", "[4]", "[0,4]", "abc"),
                       "data_offsets [0, 4) are not within the 3 bytes of data");
  expect_parse_refused(one_tensor("U8", "[0]", "[2,1]", "abc"),
                       "data_offsets [2, 1) are not within");
  expect_parse_refused(one_tensor("U8", "[1]", "[0,-1]", "abc"),
                       "\"data_offsets\" must be [begin, end]");
}

TEST(TensorFile, OverlapsGapsAndUncoveredBytesAreRefused) {
  expect_parse_refused(file_of(R"({"a":{"dtype":"U8","shape":[2],"data_offsets":[0,2]},)"
                               R"("b":{"dtype":"U8","shape":[2],"data_offsets":[1,3]}})",
                               "abc"),
                       "tensors \"a\" and \"b\" overlap (data_offsets [0, 2) and [1, 3))");
  expect_parse_refused(file_of(R"({"a":{"dtype":"U8","shape":[1],"data_offsets":[0,1]},)"
                               R"("b":{"dtype":"U8","shape":[1],"data_offsets":[2,3]}})",
                               "abc"),
                       "bytes [1, 2) of the data belong to no tensor");
  expect_parse_refused(file_of(R"({"a":{"dtype":"U8","shape":[1],"data_offsets":[1,2]}})", "ab"),
                       "bytes [0, 1) of the data belong to no tensor");
  expect_parse_refused(file_of(R"({"a":{"dtype":"U8","shape":[2],"data_offsets":[0,2]}})", "abc"),
                       "bytes [2, 3) of the data belong to no tensor");
  // Two tensors on the same bytes.
  expect_parse_refused(file_of(R"({"a":{"dtype":"U8","shape":[2],"data_offsets":[0,2]},)"
                               R"("b":{"dtype":"I16","shape":[1],"data_offsets":[0,2]}})",
                               "ab"),
                       "overlap");
}

TEST(TensorFile, MetadataMustBeText) {
  expect_parse_refused(file_of(R"({"__metadata__":{"seed":7}})", ""),
                       "\"__metadata__\" must be an object of text values (\"seed\" is number)");
  expect_parse_refused(file_of(R"({"__metadata__":[]})", ""), "\"__metadata__\" must be an object");
}

TEST(TensorFile, MissingFilesAndFoldersAreRefusedNamingThem) {
  test_files::TempDir dir;
  const std::string missing = dir.sub("missing.safetensors");
  try {
    read_tensor_file(missing, "model weights");
    ADD_FAILURE() << "a missing file was read";
  } catch (const FileError& e) {
    EXPECT_NE(std::string(e.what()).find("model weights \"" + missing + "\": cannot read it"),
              std::string::npos)
        << e.what();
  }
  const std::string folder = dir.sub("folder.safetensors");
  std::filesystem::create_directory(folder);
  EXPECT_THROW(read_tensor_file(folder), FileError);
}

TEST(TensorFile, DtypeNamesAndSizes) {
  EXPECT_EQ(dtype_size(Dtype::kF32), 4u);
  EXPECT_EQ(dtype_size(Dtype::kF64), 8u);
  EXPECT_EQ(dtype_size(Dtype::kU8), 1u);
  EXPECT_EQ(dtype_size(Dtype::kI8), 1u);
  EXPECT_EQ(dtype_size(Dtype::kI16), 2u);
  EXPECT_EQ(dtype_size(Dtype::kI32), 4u);
  EXPECT_EQ(dtype_size(Dtype::kI64), 8u);
  for (const Dtype d :
       {Dtype::kF32, Dtype::kF64, Dtype::kU8, Dtype::kI8, Dtype::kI16, Dtype::kI32, Dtype::kI64})
    EXPECT_EQ(dtype_from_name(dtype_name(d)), d);
  EXPECT_EQ(dtype_from_name("f32"), std::nullopt);
  EXPECT_EQ(dtype_from_name("BF16"), std::nullopt);
}

}  // namespace
}  // namespace nets
