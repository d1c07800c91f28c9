// embind surface of core/text/: the page's tokenizer, the streaming vector-file parser (owned by a
// Web Worker, which feeds it file slices and deletes it at the end) and the decoder of the
// bundled int8 GloVe pack. Conversions only; the parsing and decoding live in core/text/.
#include <memory>

#include "core/text/tokenize.hpp"
#include "core/text/vector_file.hpp"
#include "wasm/convert.hpp"

namespace {

using namespace aw_js;

val tokenize(std::string sentence, int max_tokens) {
  return guarded([&] {
    if (max_tokens < 1) throw aw::InputError("maxTokens must be at least 1");
    const aw::Tokenized t = aw::tokenize(sentence, static_cast<std::size_t>(max_tokens));
    val out = val::object();
    out.set("tokens", tokens_to_js(t.tokens));
    out.set("wordsFound", static_cast<int>(t.words_found));
    out.set("notices", strings_to_js(t.notices));
    return out;
  });
}

aw::VectorFileOptions parser_options(const val& o) {
  aw::VectorFileOptions options;
  const int max_words = int_field(o, "maxWords", static_cast<int>(options.max_words));
  if (max_words < 1) throw aw::InputError("maxWords must be at least 1");
  options.max_words = static_cast<std::size_t>(max_words);
  const double expected = number_field(o, "expectedBytes", 0);  // the file's size: the table is sized once
  if (expected > 0 && expected < 4e9) options.expected_bytes = static_cast<std::size_t>(expected);
  const std::string format = string_field(o, "format", "auto");
  if (format == "auto") options.format = aw::VectorFileFormat::Auto;
  else if (format == "text") options.format = aw::VectorFileFormat::Text;
  else if (format == "binary") options.format = aw::VectorFileFormat::Binary;
  else throw aw::InputError("option 'format' must be \"auto\", \"text\" or \"binary\"");
  options.hand_over_values = bool_field(o, "handOver", false);  // takeValues() after each chunk
  if (has(o, "wanted")) {
    for (const auto& w : emscripten::vecFromJSArray<std::string>(o["wanted"])) options.wanted.insert(w);
  }
  return options;
}

// One parser per file. JS: const p = new M.VectorFileParser({maxWords, wanted}); p.feed(bytes)...;
// p.finish(); p.result(); p.delete().
class VectorFileParserJs {
 public:
  // Bad options are kept and reported by every later call: an embind constructor cannot
  // return the error, and throwing would leak (see guarded() in convert.hpp).
  explicit VectorFileParserJs(val options) {
    try {
      parser_ = std::make_unique<aw::VectorFileParser>(parser_options(options));
    } catch (const std::exception& e) {
      options_error_ = e.what();
    }
  }
  val feed(val bytes) {
    return guarded([&] {
      require_parser();
      drop_handed_out();
      const std::size_t n = bytes["length"].as<std::size_t>();
      if (n > capacity_) {  // one buffer for every chunk, never zero-filled: the bytes overwrite it
        buffer_.reset(new char[n]);
        capacity_ = n;
      }
      val(emscripten::typed_memory_view(n, reinterpret_cast<unsigned char*>(buffer_.get()))).call<void>("set", bytes);
      parser_->feed(buffer_.get(), n);
      return val::undefined();
    });
  }
  val finish() {
    return guarded([&] {
      require_parser();
      drop_handed_out();
      parser_->finish();
      return val::undefined();
    });
  }
  // The kept vectors read since the last call (rows × dim), as a Float32Array view of the core's
  // memory, valid until the next call on this parser: the caller copies it once, straight into
  // its table, instead of twice (into a fresh array, then into the table). The memory is
  // reused for the next rows.
  val take_values() {
    return guarded([&] {
      require_parser();
      drop_handed_out();
      rows_handed_out_ = true;
      const std::vector<float>& rows = parser_->values();
      return val(emscripten::typed_memory_view(rows.size(), rows.data()));
    });
  }
  double expected_rows() const { return parser_ ? static_cast<double>(parser_->expected_rows()) : 0; }
  double bytes_read() const { return parser_ ? static_cast<double>(parser_->bytes_read()) : 0; }
  val summary() const {
    if (!parser_) return core_error(options_error_);
    const aw::VectorFileSummary& s = parser_->summary();
    val out = val::object();
    out.set("format", s.format);
    out.set("hasHeader", s.has_header);
    out.set("headerCount", static_cast<double>(s.header_count));
    out.set("dim", s.dim);
    out.set("lines", static_cast<double>(s.lines));
    out.set("vectorsSeen", static_cast<double>(s.vectors_seen));
    out.set("vectorsKept", static_cast<double>(s.vectors_kept));
    out.set("wantedFound", static_cast<double>(s.wanted_found));
    out.set("bytes", static_cast<double>(s.bytes));
    out.set("lowercaseOnly", s.lowercase_only);
    out.set("notices", strings_to_js(s.notices));
    return out;
  }
  // The words kept so far, one per line, as one string (no newline after the last): what the
  // vectors worker posts to the page, which splits it where it indexes the words. 400,000 words
  // as separate strings cost 13 MB more in the worker, and as much again to post.
  val words_text() {
    return guarded([&] {
      require_parser();
      return joined_words_to_text(parser_->word_list().joined());
    });
  }
  // {summary, words, dim, data: Float32Array} once finished; data holds the rows not yet taken.
  val result() {
    return guarded([&] {
      require_parser();
      drop_handed_out();
      if (!parser_->finished()) throw aw::InputError("The file has not been read to its end yet.");
      val out = val::object();
      out.set("summary", summary());
      out.set("words", joined_words_to_js(parser_->word_list().joined()));
      out.set("dim", parser_->summary().dim);
      out.set("data", typed_array(parser_->values().data(), parser_->values().size()));
      return out;
    });
  }

 private:
  void require_parser() const {
    if (!parser_) throw aw::InputError(options_error_);
  }
  void drop_handed_out() {
    if (rows_handed_out_) parser_->drop_values();
    rows_handed_out_ = false;
  }

  std::unique_ptr<aw::VectorFileParser> parser_;  // null when the options were refused
  std::string options_error_;
  std::unique_ptr<char[]> buffer_;  // the chunk being fed, copied in from JS
  bool rows_handed_out_ = false;    // values() was last handed out as a view: copied by now
  std::size_t capacity_ = 0;
};

val decode_int8_vectors(val codes, val scales, int dim) {
  return guarded([&] {
    const std::vector<float> out = aw::decode_int8_vectors(
        emscripten::convertJSArrayToNumberVector<std::int8_t>(codes),
        emscripten::convertJSArrayToNumberVector<float>(scales), dim);
    return typed_array(out.data(), out.size());
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(aw_text) {
  emscripten::function("tokenize", &tokenize);
  emscripten::class_<VectorFileParserJs>("VectorFileParser")
      .constructor<val>()
      .function("feed", &VectorFileParserJs::feed)
      .function("finish", &VectorFileParserJs::finish)
      .function("takeValues", &VectorFileParserJs::take_values)
      .function("expectedRows", &VectorFileParserJs::expected_rows)
      .function("bytesRead", &VectorFileParserJs::bytes_read)
      .function("summary", &VectorFileParserJs::summary)
      .function("wordsText", &VectorFileParserJs::words_text)
      .function("result", &VectorFileParserJs::result);
  emscripten::function("decodeInt8Vectors", &decode_int8_vectors);
}
