#ifndef L10N_CICU_H
#define L10N_CICU_H
/* A thin C face over ICU for Swift. Only <stdint.h>-level types cross this boundary so that no
   Swift module ever includes an ICU header (see docs/toolchain.md). Strings are UTF-16 code units
   (uint16_t) or NUL-terminated ASCII locale ids. Every function returning int32_t length returns
   a negative value on error; buffers are never overrun. */
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ICU version string such as "72.1". */
const char *l10n_icu_version(void);

/* ---- Collation ---------------------------------------------------------------------------- */
typedef struct l10n_collator l10n_collator;
/* Root collation, tertiary strength, non-ignorable punctuation, numeric ordering on or off. */
l10n_collator *l10n_collator_open(int32_t numeric);
void l10n_collator_close(l10n_collator *collator);
/* Writes the sort key into out (up to capacity bytes) and returns the full key length including
   the terminating zero byte; call again with a larger buffer when it exceeds capacity. */
int32_t l10n_collator_sort_key(const l10n_collator *collator, const uint16_t *text, int32_t length,
                               uint8_t *out, int32_t capacity);
/* -1, 0 or 1. */
int32_t l10n_collator_compare(const l10n_collator *collator, const uint16_t *a, int32_t alength,
                              const uint16_t *b, int32_t blength);
/* The same over UTF-8 (no conversion to UTF-16); INT32_MIN when ICU fails (invalid UTF-8). */
int32_t l10n_collator_compare_utf8(const l10n_collator *collator, const char *a, int32_t alength,
                                   const char *b, int32_t blength);

/* ---- Grapheme clusters -------------------------------------------------------------------- */
/* Writes the UTF-16 offsets of every extended grapheme cluster boundary (including 0 and
   length) into out and returns how many there are, or the count needed when over capacity.
   Reuses one break iterator per thread. */
int32_t l10n_grapheme_boundaries(const uint16_t *text, int32_t length, int32_t *out, int32_t capacity);

/* ---- Words ---------------------------------------------------------------------------------- */
/* The number of words ICU's word break iterator finds for the locale (segments whose rule status
   is a letter, number, kana or ideograph word: dictionary segmentation for Chinese, Japanese and
   Thai; spaces and punctuation do not count), or -1 on error. Reuses one iterator per thread
   while the locale stays the same. */
int32_t l10n_word_count(const char *locale, const uint16_t *text, int32_t length);

/* ---- Character properties ----------------------------------------------------------------- */
/* UCHAR_EAST_ASIAN_WIDTH: 0 neutral, 1 ambiguous, 2 halfwidth, 3 fullwidth, 4 narrow, 5 wide. */
int32_t l10n_char_east_asian_width(uint32_t c);
/* UCharCategory value (U_NON_SPACING_MARK is 6, U_ENCLOSING_MARK 7, U_COMBINING_SPACING_MARK 8,
   U_CONTROL_CHAR 15, U_FORMAT_CHAR 16). */
int32_t l10n_char_general_category(uint32_t c);
int32_t l10n_char_is_emoji(uint32_t c);
int32_t l10n_char_is_emoji_presentation(uint32_t c);
int32_t l10n_char_is_extended_pictographic(uint32_t c);
int32_t l10n_char_is_regional_indicator(uint32_t c);
int32_t l10n_char_is_default_ignorable(uint32_t c);
int32_t l10n_char_is_emoji_modifier(uint32_t c);
/* UCHAR_HANGUL_SYLLABLE_TYPE: 0 none, 1 L, 2 V, 3 T, 4 LV, 5 LVT. */
int32_t l10n_char_hangul_syllable_type(uint32_t c);
/* UCHAR_GRAPHEME_CLUSTER_BREAK: 0 other, 1 control, 2 CR, 3 extend, 4 L, 5 LF, 6 LV, 7 LVT, 8 T,
   9 V, 10 spacing mark, 11 prepend, 12 regional indicator, 13-16 emoji classes of old Unicode, 17 ZWJ. */
int32_t l10n_char_grapheme_cluster_break(uint32_t c);

/* ---- Locale identifiers ------------------------------------------------------------------- */
/* Each writes a NUL-terminated id into out and returns its length (negative on error). */
int32_t l10n_locale_base_name(const char *locale, char *out, int32_t capacity);
int32_t l10n_locale_canonicalize(const char *locale, char *out, int32_t capacity);
int32_t l10n_locale_add_likely_subtags(const char *locale, char *out, int32_t capacity);
int32_t l10n_locale_minimize_subtags(const char *locale, char *out, int32_t capacity);
int32_t l10n_locale_language(const char *locale, char *out, int32_t capacity);
int32_t l10n_locale_script(const char *locale, char *out, int32_t capacity);
int32_t l10n_locale_region(const char *locale, char *out, int32_t capacity);
/* ICU's own parent (truncation, or CLDR parentLocales in ICU's data). */
int32_t l10n_locale_parent(const char *locale, char *out, int32_t capacity);
/* BCP 47 language tag for a locale id, and back. */
int32_t l10n_locale_to_language_tag(const char *locale, char *out, int32_t capacity);
int32_t l10n_locale_from_language_tag(const char *tag, char *out, int32_t capacity);
/* CLDR alias from ICU's metadata bundle: table "language" (or "script", "territory"), key id,
   field "replacement" or "reason". Returns the field's length, 0 when there is no alias,
   negative on error. */
int32_t l10n_locale_alias(const char *table, const char *key, const char *field, char *out, int32_t capacity);
/* ISO 639 language codes (2 letters, plus CLDR's 3-letter ones) and ISO 3166 region codes that
   ICU knows: NULL-terminated lists owned by ICU. */
const char *const *l10n_iso_languages(void);
const char *const *l10n_iso_countries(void);

/* ---- Plural rules ------------------------------------------------------------------------- */
/* Space-separated cardinal (ordinal when ordinal != 0) plural keywords the locale uses, in ICU's
   order; returns the length. */
int32_t l10n_plural_keywords(const char *locale, int32_t ordinal, char *out, int32_t capacity);
/* The keyword selected for a number written in decimal digits ("1", "2.5", "1.0"), so that
   visible fraction digits count as CLDR requires. */
int32_t l10n_plural_select(const char *locale, int32_t ordinal, const char *number, char *out,
                           int32_t capacity);
/* The keywords the integers 0 ..< count select, space-separated in that order, with the rules and
   the number formatter opened once (what l10n_plural_select does per number). Returns the length,
   negative when ICU fails or out is too small. */
int32_t l10n_plural_select_integers(const char *locale, int32_t ordinal, int32_t count, char *out,
                                    int32_t capacity);
/* The locale id whose CLDR plural data ICU applies to locale: its base name or the nearest parent
   that has rules ("pt_PT" for pt_PT, "pt" for pt_BR, "zh" for zh_Hant_TW). Returns its length, 0 when
   no data applies (ICU then uses the root rules, where every number is "other"). */
int32_t l10n_plural_rules_locale(const char *locale, int32_t ordinal, char *out, int32_t capacity);
/* One keyword's CLDR rule as ICU's data holds it, condition then samples, UTF-8, e.g.
   "i = 1 and v = 0 @integer 1". Returns its length, 0 when no data applies or the keyword is unused. */
int32_t l10n_plural_rule(const char *locale, int32_t ordinal, const char *keyword, char *out,
                         int32_t capacity);

#ifdef __cplusplus
}
#endif
#endif
