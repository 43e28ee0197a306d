// The dataset's safetensors writer and header reader, checked against the format's definition
// (an 8-byte little-endian header length, a JSON header, the tensors' bytes at their offsets) by
// a reader written here from that definition, not by the module's own reader alone.
#include "arena/dataset/tensor_file.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/test_files.h"

namespace {

using dataset::DType;
using dataset::NamedTensor;
using Json = nlohmann::json;

template <typename T>
std::string_view bytes_of(const std::vector<T>& v) {
  return {reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T)};
}

// The file's header length, its JSON header, and where the data starts, read by hand.
struct HandRead {
  std::uint64_t length = 0;
  Json header;
  std::size_t data = 0;
};

HandRead read_by_hand(const std::string& file) {
  HandRead out;
  for (int i = 0; i < 8; ++i)
    out.length |= static_cast<std::uint64_t>(static_cast<unsigned char>(file[i])) << (8 * i);
  out.header = Json::parse(file.substr(8, out.length));
  out.data = 8 + out.length;
  return out;
}

TEST(TensorFile, BytesFollowTheFormat) {
  const std::vector<std::uint8_t> small = {1, 2, 3};
  const std::vector<float> weights = {0.5f, -1.25f, 3.0f, 4.0f, 5.5f, -6.0f};
  const std::vector<std::int64_t> ids = {7, -8};
  const std::string file =
      dataset::tensor_file_bytes({{"small", DType::kU8, {3}, bytes_of(small)},
                                  {"weights", DType::kF32, {2, 3}, bytes_of(weights)},
                                  {"ids", DType::kI64, {2}, bytes_of(ids)}},
                                 {{"kind", "test"}});
  const HandRead r = read_by_hand(file);
  EXPECT_EQ(r.length % 8, 0u) << "the header is padded so the data starts 8-byte aligned";
  EXPECT_EQ(r.header["__metadata__"]["kind"], "test");
  EXPECT_EQ(r.header["weights"]["dtype"], "F32");
  EXPECT_EQ(r.header["weights"]["shape"], Json::array({2, 3}));
  EXPECT_EQ(r.header["ids"]["dtype"], "I64");
  EXPECT_EQ(r.header["small"]["dtype"], "U8");
  // Each tensor's bytes are where its offsets say, and together they fill the data exactly.
  std::size_t total = 0;
  for (const auto& [name, bytes] : std::vector<std::pair<std::string, std::string_view>>{
           {"small", bytes_of(small)}, {"weights", bytes_of(weights)}, {"ids", bytes_of(ids)}}) {
    const auto offsets = r.header[name]["data_offsets"].get<std::vector<std::size_t>>();
    EXPECT_EQ(file.substr(r.data + offsets[0], offsets[1] - offsets[0]), bytes) << name;
    total += offsets[1] - offsets[0];
  }
  EXPECT_EQ(file.size(), r.data + total);
  // Larger elements first: every tensor starts at a multiple of its element size.
  EXPECT_EQ(r.header["ids"]["data_offsets"][0], 0);
  EXPECT_EQ(r.header["weights"]["data_offsets"][0].get<std::size_t>() % 4, 0u);
  // A float's bytes are little-endian IEEE 754: 0.5f is 0x3F000000.
  const std::size_t w = r.data + r.header["weights"]["data_offsets"][0].get<std::size_t>();
  EXPECT_EQ(static_cast<unsigned char>(file[w + 3]), 0x3F);
  EXPECT_EQ(static_cast<unsigned char>(file[w]), 0x00);
}

TEST(TensorFile, EqualInputsGiveEqualFiles) {
  const std::vector<std::int16_t> a = {1, -2, 3};
  const auto make = [&](dataset::TensorMetadata metadata) {
    return dataset::tensor_file_bytes({{"a", DType::kI16, {3}, bytes_of(a)}}, metadata);
  };
  EXPECT_EQ(make({{"x", "1"}, {"y", "2"}}), make({{"y", "2"}, {"x", "1"}}));
}

TEST(TensorFile, WrittenFileReadsBack) {
  test_files::TempDir tmp;
  const std::vector<std::int8_t> owner = {-1, 0, 1, -1, 2, 0};
  const std::string path = tmp.sub("t.safetensors");
  dataset::write_tensor_file(path, {{"owner", DType::kI8, {2, 3}, bytes_of(owner)}},
                             {{"rows", "2"}});
  EXPECT_FALSE(std::filesystem::exists(path + ".partial"));
  const dataset::TensorFileHeader header = dataset::read_tensor_header(path);
  ASSERT_EQ(header.tensors.count("owner"), 1u);
  EXPECT_EQ(header.tensors.at("owner").dtype, "I8");
  EXPECT_EQ(header.tensors.at("owner").shape, (std::vector<std::int64_t>{2, 3}));
  EXPECT_EQ(header.metadata.at("rows"), "2");
  const std::string file = test_files::read_text(path);
  EXPECT_EQ(file.substr(header.data_offset + header.tensors.at("owner").begin, 6),
            std::string(bytes_of(owner)));
}

TEST(TensorFile, BadTensorsAreRefused) {
  const std::vector<std::uint8_t> three = {1, 2, 3};
  const auto refusal = [&](const std::vector<NamedTensor>& tensors) {
    try {
      dataset::tensor_file_bytes(tensors, {});
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(refusal({{"a", DType::kU8, {4}, bytes_of(three)}}).find("its shape needs 4"),
            std::string::npos);
  EXPECT_NE(
      refusal({{"a", DType::kU8, {3}, bytes_of(three)}, {"a", DType::kU8, {3}, bytes_of(three)}})
          .find("given twice"),
      std::string::npos);
  EXPECT_NE(refusal({{"__metadata__", DType::kU8, {3}, bytes_of(three)}}).find("not a name"),
            std::string::npos);
  EXPECT_NE(refusal({{"a", DType::kU8, {-3}, bytes_of(three)}}).find("negative"),
            std::string::npos);
}

TEST(TensorFile, DamagedFilesAreRefusedInOneLine) {
  test_files::TempDir tmp;
  const std::vector<float> v = {1, 2, 3, 4};
  const std::string good = dataset::tensor_file_bytes({{"v", DType::kF32, {4}, bytes_of(v)}}, {});
  const auto refusal = [&](const std::string& bytes) {
    const std::string path = tmp.sub("bad.safetensors");
    test_files::write_text(path, bytes);
    try {
      dataset::read_tensor_header(path);
    } catch (const std::runtime_error& e) {
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(refusal(good.substr(0, 5)).find("shorter than the 8 bytes"), std::string::npos);
  std::string long_header = good;
  long_header[6] = 1;  // a header length of 2^48 bytes
  EXPECT_NE(refusal(long_header).find("runs past the file"), std::string::npos);
  EXPECT_NE(refusal(good.substr(0, good.size() - 4)).find("outside the file"), std::string::npos);
  std::string not_json = good;
  not_json[8] = 'x';
  EXPECT_NE(refusal(not_json).find("not a tensor file"), std::string::npos);
  EXPECT_EQ(refusal(good), "accepted");
}

}  // namespace
