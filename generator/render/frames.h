// The renderer protocol: how frp-gen and its Jinja2 renderer (renderer.py) talk. This comment
// is the one description of it; renderer.py's frame functions follow it.
//
// frp-gen starts one Python (`python -S render.py [--pycache DIR] [--workers N] [--templates
// DIR]... [--cache DIR]`, render.py loading renderer.py) with one channel per worker: channel 0 is
// the renderer's stdin and stdout, channel k > 0 its descriptors 2k+1 (input) and 2k+2 (output),
// inherited pipes (see common/subprocess.h). The renderer forks a worker for each further channel.
//
// Renderer -> frp-gen: frames. A frame is a header line and a payload:
//
//     <kind><length>\n<payload>
//
//   kind     one ASCII letter, below
//   length   the payload's size in bytes, in decimal digits (at most kLargestFrame)
//   payload  exactly that many bytes, anything (no escaping)
//
//   'h' hello    Channel 0 only, its first frame, sent at start-up before any request is read:
//                {"workers": N, "executable", "watch", "env"} (JSON). N: how many channels
//                reached the renderer. Only channels 0..N-1 have a worker; a launcher between
//                frp-gen and Python may have closed the others, and frp-gen closes them too. The
//                rest: the search facts of finding Jinja2 (common/python_facts.h).
//   'c' content  The rendered bytes of the next file of the request's "render" list, in that
//                order: the k-th content frame of a reply is the k-th file asked for. Path and
//                owner are not sent back; frp-gen has them from its plan.
//   'e' error    Ends the reply. JSON: {"message", "template", "line", "rendering"} for a
//                template error (the template file and line where it arose, the file being
//                rendered), or {"message", "hint"} for a renderer that cannot work at all
//                (Jinja2 missing).
//
// frp-gen -> renderer: on each worker's channel one request, then the end of the channel's
// input: {"model": <render model>, "render": [file indices]} (JSON). The entries of
// model["files"] and model["ops"] that the worker's files do not use are null.
//
// A reply is complete when it has one content frame per requested file. A reply that ends
// sooner, without an error frame, is broken: frp-gen then reports the renderer's exit status.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "common/subprocess.h"

namespace frp::render {

// The frame kinds, as sent in the header.
enum class FrameKind : char { Hello = 'h', Content = 'c', Error = 'e' };

// A payload longer than this is a broken reply, not an allocation to attempt.
constexpr std::size_t kLargestFrame = std::size_t{1} << 30;

// What read_frame found.
enum class FrameRead {
  Frame,      // a whole frame: its kind is set and its payload read
  End,        // the reply ended cleanly, between two frames
  Malformed,  // a bad header, an unknown kind, an absurd length, or a frame cut short
};

// Reads the next frame from `channel`: its kind into `kind`, its payload into `payload` (whose
// old content is replaced; read straight into it, as content runs to megabytes). On Malformed,
// `problem` (if given) says what was wrong.
FrameRead read_frame(Channel& channel, FrameKind& kind, std::string& payload,
                     std::string* problem = nullptr);

// A frame's bytes, header and payload (for tests, and for anything that speaks for a renderer).
std::string encode_frame(FrameKind kind, std::string_view payload);

}  // namespace frp::render
