#include "apps/dominoes/viewer_page.h"

#include <stdexcept>

#include "apps/dominoes/viewer_assets.h"  // generated from apps/dominoes/viewer/ by the build

namespace dominoes_cli {

std::string json_for_script(std::string_view json) {
  std::string out;
  out.reserve(json.size() + json.size() / 16);
  for (const char c : json) {
    if (c == '<')
      out += "\\u003c";
    else
      out += c;
  }
  return out;
}

std::string viewer_page(std::string_view data_json) {
  // The template's markers, in the order they appear in viewer.html, and what replaces each.
  const std::string data = json_for_script(data_json);
  const std::pair<std::string_view, std::string_view> parts[] = {
      {"/*@VIEWER_CSS@*/", viewer_assets::kCss},
      {"/*@VIEWER_DATA@*/", data},
      {"/*@VIEWER_JS@*/", viewer_assets::kJs},
  };
  const std::string_view page = viewer_assets::kHtml;
  std::string out;
  out.reserve(page.size() + data.size() + viewer_assets::kCss.size() + viewer_assets::kJs.size());
  std::size_t from = 0;
  for (const auto& [marker, content] : parts) {
    const std::size_t at = page.find(marker, from);
    if (at == std::string_view::npos)
      throw std::logic_error("the viewer template lacks " + std::string(marker));
    out.append(page.substr(from, at - from)).append(content);
    from = at + marker.size();
  }
  out.append(page.substr(from));
  return out;
}

}  // namespace dominoes_cli
