#include "load/torch_locator.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <vector>

#include "common/cache_folder.h"
#include "common/input_file.h"
#include "common/python_facts.h"

namespace frp::load {

namespace {

nlohmann::json read_locations(const CacheFolder& cache) {
  std::string unreadable;  // a file that cannot be read only means Python is asked again
  const std::optional<std::string> text = read_input_file(cache.torch_locations(), unreadable);
  if (!text) return nlohmann::json::object();
  nlohmann::json locations = nlohmann::json::parse(*text, nullptr, /*allow_exceptions=*/false);
  return locations.is_object() ? locations : nlohmann::json::object();
}

std::optional<TorchLocation> location_of(const nlohmann::json& entry) {
  if (!entry.is_object() || !entry.value("torchgen", nlohmann::json()).is_string() ||
      !entry.value("torch_version", nlohmann::json()).is_string()) {
    return std::nullopt;
  }
  return TorchLocation{entry["torchgen"].get<std::string>(),
                       entry["torch_version"].get<std::string>()};
}

std::int64_t seconds_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// Drops from `locations` the entries of interpreters that are gone (a deleted virtualenv), then
// all but the `count` most recently remembered ones.
void keep_most_recent(nlohmann::json& locations, std::size_t count) {
  std::vector<std::pair<std::int64_t, std::string>> by_age;
  for (const auto& [python, entry] : locations.items()) {
    const nlohmann::json executable = entry.value("executable", nlohmann::json());
    std::error_code ec;
    if (!executable.is_string() || !std::filesystem::exists(executable.get<std::string>(), ec)) {
      by_age.emplace_back(-1, python);  // dropped below, whatever the count
      continue;
    }
    const nlohmann::json when = entry.value("remembered", nlohmann::json());
    by_age.emplace_back(when.is_number_integer() ? when.get<std::int64_t>() : 0, python);
  }
  std::sort(by_age.begin(), by_age.end(), std::greater<>());
  for (std::size_t i = 0; i < by_age.size(); ++i) {
    if (i >= count || by_age[i].first < 0) locations.erase(by_age[i].second);
  }
}

}  // namespace

TorchLocator::TorchLocator(std::string python, std::string script, CacheFolder cache)
    : python_(std::move(python)), script_(std::move(script)), cache_(std::move(cache)) {
  if (cache_.enabled()) {
    nlohmann::json locations = read_locations(cache_);
    auto kept = locations.find(python_);
    if (kept != locations.end()) {
      kept_ = std::move(*kept);
      if (python_facts_hold(python_, kept_)) answer_ = location_of(kept_);
    }
  }
  if (!answer_) child_.emplace(std::vector<std::string>{python_, "-S", script_});
}

std::optional<TorchLocation> TorchLocator::remembered() const { return location_of(kept_); }

std::optional<TorchLocation> TorchLocator::location(Diagnostics& diags) {
  if (answer_) return answer_;
  std::optional<std::string> line = child_ ? child_->read_line() : std::nullopt;
  if (!line) {
    const std::string hint =
        "set FRP_PYTHON (or --python) to a Python 3 with torch installed, or pass "
        "--native-functions and --tags";
    // The Python that could not run is the path at fault; one that ran and said nothing, the
    // script (its own error is on stderr above).
    if (std::string reason = child_ ? child_->start_error() : ""; !reason.empty()) {
      diags.error({python_, 0, 0}, "cannot run this Python to ask where torch is: " + reason, hint);
    } else {
      diags.error({script_, 0, 0},
                  "could not ask '" + python_ + "' where torch is: it ended with exit status " +
                      std::to_string(child_ ? child_->wait() : -1) + " and no answer",
                  hint);
    }
    return std::nullopt;
  }
  nlohmann::json answer = nlohmann::json::parse(*line, nullptr, /*allow_exceptions=*/false);
  answer_ = location_of(answer);
  if (!answer_) {
    diags.error({script_, 0, 0},
                "unexpected answer from the torch locator: " + line->substr(0, 80));
    return std::nullopt;
  }
  depends_on_ = {{"executable", std::move(answer["executable"])},
                 {"watch", std::move(answer["watch"])},
                 {"env", std::move(answer["env"])}};
  return answer_;
}

void TorchLocator::remember() {
  if (!cache_.enabled() || !answer_ || depends_on_.is_null()) return;
  nlohmann::json locations = read_locations(cache_);
  locations[python_] = {{"torchgen", answer_->torchgen},
                        {"torch_version", answer_->torch_version},
                        {"executable", depends_on_["executable"]},
                        {"watch", depends_on_["watch"]},
                        {"env", depends_on_["env"]},
                        {"remembered", seconds_now()}};
  keep_most_recent(locations, kKeptInterpreters);
  replace_cache_file(cache_.torch_locations(), locations.dump(2) + "\n");
}

std::optional<TorchYaml> torch_yaml_in(const std::string& torchgen_dir,
                                       const std::string& torch_version, const std::string& python,
                                       Diagnostics& diags) {
  const std::string native_dir = torchgen_dir + "/packaged/ATen/native";
  if (torchgen_dir.empty() || !std::filesystem::exists(native_dir + "/native_functions.yaml")) {
    diags.error({python, 0, 0},
                "cannot find PyTorch's native_functions.yaml through '" + python + "'",
                "install torch==" FRP_TORCH_VERSION
                " for that Python, set FRP_PYTHON, or pass "
                "--native-functions and --tags");
    return std::nullopt;
  }
  return TorchYaml{native_dir + "/native_functions.yaml", native_dir + "/tags.yaml",
                   torch_version.empty() ? "unknown" : torch_version};
}

}  // namespace frp::load
