// A speed trick, fenced here: the texts a run rendered, kept in the cache folder for the next run
// that would render exactly the same. That run starts no Python and loads no template, and a
// regen with nothing to do is such a run: without this, the renderer's start-up (Python, the
// Jinja2 import, the templates) was most of its time.
//
// The texts are a function of the render model, the templates, the renderer's own modules, and
// the Python and Jinja2 that run them. An entry is taken only while all of these are as they were
// (common/cache_folder.h states the rule); anything else is a miss, which costs only the
// rendering the run would have done anyway.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/cache_folder.h"

namespace frp::render {

class KeptRenderings {
 public:
  // `python` runs `renderer` (render.py) over `template_dirs`. The sources are looked at here,
  // before the renderer reads them, so that a template edited while a run renders reads as
  // changed next time. No cache folder: nothing is kept or found.
  KeptRenderings(CacheFolder cache, std::string python, const std::string& renderer,
                 const std::vector<std::string>& template_dirs);

  // The texts kept for the model whose SHA-256 is `model`, in the order of its files; nullopt
  // if there are none that still hold. (A digest, not the model's text of megabytes: writing
  // that into every entry took a third of the time of keeping one.)
  std::optional<std::vector<std::string>> find(const std::string& model) const;
  // Keeps `texts`, rendered from the model whose SHA-256 is `model` by a renderer whose Python
  // found Jinja2 as `jinja2` says (its hello's search facts). A cache that cannot be written
  // only costs speed.
  void keep(const std::string& model, const std::vector<std::string_view>& texts,
            const nlohmann::json& jinja2) const;

  bool enabled() const { return cache_.enabled(); }

  static constexpr std::size_t kKeptEntries = 8;

 private:
  // Removes all but the kKeptEntries entries used most recently.
  void prune() const;

  CacheFolder cache_;
  std::string python_;
  std::string sources_;  // "path identity" lines: the frp-gen binary, templates, modules
};

}  // namespace frp::render
