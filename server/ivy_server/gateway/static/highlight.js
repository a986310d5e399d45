// A tiny Python syntax highlighter for the playground (hand-written, no dependencies): one regular
// expression finds comments, strings (single, double, triple-quoted, with prefixes), decorators,
// numbers and words; words are classed as keywords, builtins or (after def/class) definitions.
// Everything is HTML-escaped: the output is safe to assign to innerHTML.
"use strict";

const IvyHighlight = (() => {
  const KEYWORDS = new Set(("False None True and as assert async await break class continue def del " +
    "elif else except finally for from global if import in is lambda nonlocal not or pass raise " +
    "return try while with yield match case").split(" "));
  const BUILTINS = new Set(("abs all any bool complex dict divmod enumerate float getattr hasattr " +
    "int isinstance len list map max min object print range reversed round set slice sorted str " +
    "sum super tuple type zip self").split(" "));
  const TOKEN = new RegExp([
    "(#[^\\n]*)",                                                          // 1 comment
    "((?:[rRbBuUfF]{0,2})(?:\"\"\"[\\s\\S]*?(?:\"\"\"|$)|'''[\\s\\S]*?(?:'''|$)|" +
      "\"(?:\\\\.|[^\"\\\\\\n])*\"?|'(?:\\\\.|[^'\\\\\\n])*'?))",              // 2 string
    "(@[A-Za-z_][\\w.]*)",                                                 // 3 decorator
    "(\\b(?:0[xX][0-9a-fA-F_]+|0[bB][01_]+|0[oO][0-7_]+|\\d[\\d_]*\\.?[\\d_]*(?:[eE][+-]?\\d+)?j?)\\b)", // 4 number
    "([A-Za-z_]\\w*)",                                                     // 5 word
  ].join("|"), "g");

  function escape(s) {
    return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  }

  function python(src) {
    let out = "", last = 0, prevWord = "";
    src.replace(TOKEN, (m, com, str, dec, num, word, offset) => {
      out += escape(src.slice(last, offset));
      last = offset + m.length;
      let cls = null;
      if (com) cls = "com";
      else if (str) cls = "str";
      else if (dec) cls = "dec";
      else if (num) cls = "num";
      else if (word) {
        if (KEYWORDS.has(word)) cls = "kw";
        else if (prevWord === "def" || prevWord === "class") cls = "fn";
        else if (BUILTINS.has(word)) cls = "bi";
        prevWord = word;
      }
      out += cls ? `<span class="tok-${cls}">${escape(m)}</span>` : escape(m);
      return m;
    });
    return out + escape(src.slice(last));
  }

  return { python, escape };
})();
