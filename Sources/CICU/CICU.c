#include "CICU.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/ucol.h>
#include <unicode/uloc.h>
#include <unicode/unumberformatter.h>
#include <unicode/upluralrules.h>
#include <unicode/ures.h>
#include <unicode/ustring.h>
#include <unicode/uversion.h>

const char *l10n_icu_version(void) {
    static char text[U_MAX_VERSION_STRING_LENGTH];
    UVersionInfo info;
    u_getVersion(info);
    u_versionToString(info, text);
    return text;
}

/* ---- Collation ---- */

l10n_collator *l10n_collator_open(int32_t numeric) {
    UErrorCode status = U_ZERO_ERROR;
    UCollator *collator = ucol_open("", &status);
    if (U_FAILURE(status)) return NULL;
    ucol_setAttribute(collator, UCOL_STRENGTH, UCOL_TERTIARY, &status);
    ucol_setAttribute(collator, UCOL_ALTERNATE_HANDLING, UCOL_NON_IGNORABLE, &status);
    ucol_setAttribute(collator, UCOL_NUMERIC_COLLATION, numeric ? UCOL_ON : UCOL_OFF, &status);
    if (U_FAILURE(status)) {
        ucol_close(collator);
        return NULL;
    }
    return (l10n_collator *)collator;
}

void l10n_collator_close(l10n_collator *collator) {
    if (collator) ucol_close((UCollator *)collator);
}

int32_t l10n_collator_sort_key(const l10n_collator *collator, const uint16_t *text, int32_t length,
                               uint8_t *out, int32_t capacity) {
    if (!collator) return -1;
    return ucol_getSortKey((const UCollator *)collator, (const UChar *)text, length, out, capacity);
}

int32_t l10n_collator_compare(const l10n_collator *collator, const uint16_t *a, int32_t alength,
                              const uint16_t *b, int32_t blength) {
    if (!collator) return 0;
    return (int32_t)ucol_strcoll((const UCollator *)collator, (const UChar *)a, alength,
                                 (const UChar *)b, blength);
}

int32_t l10n_collator_compare_utf8(const l10n_collator *collator, const char *a, int32_t alength,
                                   const char *b, int32_t blength) {
    if (!collator) return 0;
    UErrorCode status = U_ZERO_ERROR;
    UCollationResult result = ucol_strcollUTF8((const UCollator *)collator, a, alength, b, blength, &status);
    return U_FAILURE(status) ? INT32_MIN : (int32_t)result;
}

/* ---- Grapheme clusters ---- */

/* Opening a break iterator costs more than running it over a short label, so each thread keeps
   one and gives it new text; it is closed when the thread ends. */
static pthread_key_t grapheme_iterator_key;
static pthread_once_t grapheme_iterator_once = PTHREAD_ONCE_INIT;

static void grapheme_iterator_close(void *it) { ubrk_close((UBreakIterator *)it); }
static void grapheme_iterator_make_key(void) { pthread_key_create(&grapheme_iterator_key, grapheme_iterator_close); }

int32_t l10n_grapheme_boundaries(const uint16_t *text, int32_t length, int32_t *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    if (length == 0) {
        if (capacity > 0) out[0] = 0;
        return 1;
    }
    pthread_once(&grapheme_iterator_once, grapheme_iterator_make_key);
    UBreakIterator *it = (UBreakIterator *)pthread_getspecific(grapheme_iterator_key);
    if (!it) {
        it = ubrk_open(UBRK_CHARACTER, "", NULL, 0, &status);
        if (U_FAILURE(status)) return -1;
        pthread_setspecific(grapheme_iterator_key, it);
    }
    ubrk_setText(it, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return -1;
    int32_t count = 0;
    for (int32_t pos = ubrk_first(it); pos != UBRK_DONE; pos = ubrk_next(it)) {
        if (count < capacity) out[count] = pos;
        count++;
    }
    return count;
}

/* ---- Words ---- */

typedef struct {
    UBreakIterator *it;
    char locale[ULOC_FULLNAME_CAPACITY];
} word_iterator;

static pthread_key_t word_iterator_key;
static pthread_once_t word_iterator_once = PTHREAD_ONCE_INIT;

static void word_iterator_close(void *p) {
    word_iterator *w = (word_iterator *)p;
    if (w->it) ubrk_close(w->it);
    free(w);
}
static void word_iterator_make_key(void) { pthread_key_create(&word_iterator_key, word_iterator_close); }

int32_t l10n_word_count(const char *locale, const uint16_t *text, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    if (length == 0) return 0;
    if (strlen(locale) >= ULOC_FULLNAME_CAPACITY) return -1;
    pthread_once(&word_iterator_once, word_iterator_make_key);
    word_iterator *w = (word_iterator *)pthread_getspecific(word_iterator_key);
    if (!w) {
        w = (word_iterator *)calloc(1, sizeof(word_iterator));
        if (!w) return -1;
        pthread_setspecific(word_iterator_key, w);
    }
    if (!w->it || strcmp(w->locale, locale) != 0) {
        if (w->it) ubrk_close(w->it);
        w->it = ubrk_open(UBRK_WORD, locale, NULL, 0, &status);
        if (U_FAILURE(status)) {
            w->it = NULL;
            return -1;
        }
        strcpy(w->locale, locale);
    }
    ubrk_setText(w->it, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return -1;
    int32_t count = 0;
    ubrk_first(w->it);
    while (ubrk_next(w->it) != UBRK_DONE) {
        if (ubrk_getRuleStatus(w->it) >= UBRK_WORD_NONE_LIMIT) count++;
    }
    return count;
}

/* ---- Character properties ---- */

int32_t l10n_char_east_asian_width(uint32_t c) {
    return u_getIntPropertyValue((UChar32)c, UCHAR_EAST_ASIAN_WIDTH);
}
int32_t l10n_char_general_category(uint32_t c) { return (int32_t)u_charType((UChar32)c); }
int32_t l10n_char_is_emoji(uint32_t c) { return u_hasBinaryProperty((UChar32)c, UCHAR_EMOJI); }
int32_t l10n_char_is_emoji_presentation(uint32_t c) {
    return u_hasBinaryProperty((UChar32)c, UCHAR_EMOJI_PRESENTATION);
}
int32_t l10n_char_is_extended_pictographic(uint32_t c) {
    return u_hasBinaryProperty((UChar32)c, UCHAR_EXTENDED_PICTOGRAPHIC);
}
int32_t l10n_char_is_regional_indicator(uint32_t c) {
    return u_hasBinaryProperty((UChar32)c, UCHAR_REGIONAL_INDICATOR);
}
int32_t l10n_char_is_default_ignorable(uint32_t c) {
    return u_hasBinaryProperty((UChar32)c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT);
}
int32_t l10n_char_is_emoji_modifier(uint32_t c) {
    return u_hasBinaryProperty((UChar32)c, UCHAR_EMOJI_MODIFIER);
}
int32_t l10n_char_hangul_syllable_type(uint32_t c) {
    return u_getIntPropertyValue((UChar32)c, UCHAR_HANGUL_SYLLABLE_TYPE);
}
int32_t l10n_char_grapheme_cluster_break(uint32_t c) {
    return u_getIntPropertyValue((UChar32)c, UCHAR_GRAPHEME_CLUSTER_BREAK);
}

/* ---- Locale identifiers ---- */

typedef int32_t (*locale_fn)(const char *, char *, int32_t, UErrorCode *);

static int32_t call_locale(locale_fn fn, const char *locale, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = fn(locale, out, capacity, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING || length >= capacity) {
        if (capacity > 0) out[0] = 0;
        return -1;
    }
    return length;
}

int32_t l10n_locale_base_name(const char *locale, char *out, int32_t capacity) {
    return call_locale(uloc_getBaseName, locale, out, capacity);
}
int32_t l10n_locale_canonicalize(const char *locale, char *out, int32_t capacity) {
    return call_locale(uloc_canonicalize, locale, out, capacity);
}
int32_t l10n_locale_add_likely_subtags(const char *locale, char *out, int32_t capacity) {
    return call_locale(uloc_addLikelySubtags, locale, out, capacity);
}
int32_t l10n_locale_minimize_subtags(const char *locale, char *out, int32_t capacity) {
    return call_locale(uloc_minimizeSubtags, locale, out, capacity);
}
int32_t l10n_locale_language(const char *locale, char *out, int32_t capacity) {
    return call_locale(uloc_getLanguage, locale, out, capacity);
}
int32_t l10n_locale_script(const char *locale, char *out, int32_t capacity) {
    return call_locale(uloc_getScript, locale, out, capacity);
}
int32_t l10n_locale_region(const char *locale, char *out, int32_t capacity) {
    return call_locale(uloc_getCountry, locale, out, capacity);
}
int32_t l10n_locale_parent(const char *locale, char *out, int32_t capacity) {
    return call_locale(uloc_getParent, locale, out, capacity);
}

int32_t l10n_locale_to_language_tag(const char *locale, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_toLanguageTag(locale, out, capacity, 0, &status);
    if (U_FAILURE(status) || length >= capacity) {
        if (capacity > 0) out[0] = 0;
        return -1;
    }
    return length;
}

int32_t l10n_locale_from_language_tag(const char *tag, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t parsed = 0;
    int32_t length = uloc_forLanguageTag(tag, out, capacity, &parsed, &status);
    if (U_FAILURE(status) || length >= capacity) {
        if (capacity > 0) out[0] = 0;
        return -1;
    }
    return length;
}

const char *const *l10n_iso_languages(void) { return uloc_getISOLanguages(); }

const char *const *l10n_iso_countries(void) { return uloc_getISOCountries(); }

int32_t l10n_locale_alias(const char *table, const char *key, const char *field, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t result = 0;
    UResourceBundle *metadata = ures_openDirect(NULL, "metadata", &status);
    UResourceBundle *alias = ures_getByKey(metadata, "alias", NULL, &status);
    UResourceBundle *kind = ures_getByKey(alias, table, NULL, &status);
    UResourceBundle *entry = ures_getByKey(kind, key, NULL, &status);
    if (U_SUCCESS(status)) {
        int32_t length = capacity;
        ures_getUTF8StringByKey(entry, field, out, &length, 1, &status);
        result = U_SUCCESS(status) && length < capacity ? length : -1;
    } else if (status == U_MISSING_RESOURCE_ERROR) {
        result = 0;
    } else {
        result = -1;
    }
    if (result <= 0 && capacity > 0) out[0] = 0;
    ures_close(entry);
    ures_close(kind);
    ures_close(alias);
    ures_close(metadata);
    return result;
}

/* ---- Plural rules ---- */

int32_t l10n_plural_keywords(const char *locale, int32_t ordinal, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UPluralRules *rules = uplrules_openForType(locale, ordinal ? UPLURAL_TYPE_ORDINAL : UPLURAL_TYPE_CARDINAL, &status);
    if (U_FAILURE(status)) return -1;
    UEnumeration *keywords = uplrules_getKeywords(rules, &status);
    int32_t used = 0;
    if (U_SUCCESS(status)) {
        const char *keyword;
        int32_t length;
        while ((keyword = uenum_next(keywords, &length, &status)) != NULL && U_SUCCESS(status)) {
            int32_t needed = used + (used > 0 ? 1 : 0) + length;
            if (needed + 1 > capacity) {
                used = -1;
                break;
            }
            if (used > 0) out[used++] = ' ';
            memcpy(out + used, keyword, (size_t)length);
            used += length;
        }
        uenum_close(keywords);
    }
    uplrules_close(rules);
    if (U_FAILURE(status) || used < 0) {
        if (capacity > 0) out[0] = 0;
        return -1;
    }
    out[used] = 0;
    return used;
}

/* The skeleton that keeps exactly the number's visible fraction digits, so that "1.0" keeps v = 1
   and "1.50" keeps v = 2 (an empty skeleton would format them as "1" and "1.5"). */
static int32_t fraction_skeleton(const char *number, UChar *skeleton, int32_t capacity) {
    const char *dot = strchr(number, '.');
    int32_t digits = 0;
    if (dot) {
        for (const char *p = dot + 1; *p >= '0' && *p <= '9'; p++) digits++;
    }
    if (digits == 0) {
        static const char integer[] = "precision-integer";
        u_charsToUChars(integer, skeleton, (int32_t)sizeof integer);
        return (int32_t)sizeof integer - 1;
    }
    if (digits + 2 > capacity) return -1;
    skeleton[0] = u'.';
    for (int32_t i = 1; i <= digits; i++) skeleton[i] = u'0';
    skeleton[digits + 1] = 0;
    return digits + 1;
}

int32_t l10n_plural_select(const char *locale, int32_t ordinal, const char *number, char *out,
                           int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t result = -1;
    UChar skeleton[64];
    int32_t skeletonLength = fraction_skeleton(number, skeleton, 64);
    if (skeletonLength < 0) {
        if (capacity > 0) out[0] = 0;
        return -1;
    }
    UPluralRules *rules = uplrules_openForType(locale, ordinal ? UPLURAL_TYPE_ORDINAL : UPLURAL_TYPE_CARDINAL, &status);
    UNumberFormatter *formatter = unumf_openForSkeletonAndLocale(skeleton, skeletonLength, locale, &status);
    UFormattedNumber *formatted = unumf_openResult(&status);
    if (U_SUCCESS(status)) {
        unumf_formatDecimal(formatter, number, -1, formatted, &status);
        UChar keyword[32];
        int32_t length = uplrules_selectFormatted(rules, formatted, keyword, 32, &status);
        if (U_SUCCESS(status) && length < capacity) {
            u_UCharsToChars(keyword, out, length);
            out[length] = 0;
            result = length;
        }
    }
    unumf_closeResult(formatted);
    unumf_close(formatter);
    uplrules_close(rules);
    if (result < 0 && capacity > 0) out[0] = 0;
    return result;
}

int32_t l10n_plural_select_integers(const char *locale, int32_t ordinal, int32_t count, char *out,
                                    int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UChar skeleton[64];
    int32_t skeletonLength = fraction_skeleton("0", skeleton, 64);
    UPluralRules *rules = uplrules_openForType(locale, ordinal ? UPLURAL_TYPE_ORDINAL : UPLURAL_TYPE_CARDINAL, &status);
    UNumberFormatter *formatter = unumf_openForSkeletonAndLocale(skeleton, skeletonLength, locale, &status);
    UFormattedNumber *formatted = unumf_openResult(&status);
    int32_t length = 0;
    for (int32_t number = 0; number < count && U_SUCCESS(status); number++) {
        unumf_formatInt(formatter, number, formatted, &status);
        UChar keyword[32];
        int32_t keywordLength = uplrules_selectFormatted(rules, formatted, keyword, 32, &status);
        if (U_FAILURE(status) || length + keywordLength + 1 >= capacity) {
            length = -1;
            break;
        }
        if (number > 0) out[length++] = ' ';
        u_UCharsToChars(keyword, out + length, keywordLength);
        length += keywordLength;
    }
    if (U_FAILURE(status)) length = -1;
    unumf_closeResult(formatted);
    unumf_close(formatter);
    uplrules_close(rules);
    if (capacity > 0) out[length < 0 ? 0 : length] = 0;
    return length;
}

/* Finds the rule-set name ICU uses for a locale: the entry for its base name, else for the nearest
   parent that has one (the lookup of ICU's PluralRules::forLocale). Writes the set name into set and
   the locale id that matched into matched (when not NULL); returns the set name's length, 0 when no
   entry applies, negative on error. */
static int32_t plural_rule_set(const char *locale, int32_t ordinal, char *set, int32_t setCapacity,
                               char *matched, int32_t matchedCapacity) {
    UErrorCode status = U_ZERO_ERROR;
    char name[ULOC_FULLNAME_CAPACITY];
    uloc_getBaseName(locale, name, ULOC_FULLNAME_CAPACITY, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) return -1;
    UResourceBundle *plurals = ures_openDirect(NULL, "plurals", &status);
    UResourceBundle *table = ures_getByKey(plurals, ordinal ? "locales_ordinals" : "locales", NULL, &status);
    int32_t result = -1;
    if (U_SUCCESS(status)) {
        result = 0;
        for (;;) {
            UErrorCode lookup = U_ZERO_ERROR;
            int32_t length = setCapacity;
            ures_getUTF8StringByKey(table, name, set, &length, 1, &lookup);
            if (U_SUCCESS(lookup) && length < setCapacity) {
                if (matched) {
                    int32_t nameLength = (int32_t)strlen(name);
                    if (nameLength >= matchedCapacity) {
                        result = -1;
                        break;
                    }
                    memcpy(matched, name, (size_t)nameLength + 1);
                }
                result = length;
                break;
            }
            UErrorCode parentStatus = U_ZERO_ERROR;
            char parent[ULOC_FULLNAME_CAPACITY];
            int32_t parentLength = uloc_getParent(name, parent, ULOC_FULLNAME_CAPACITY, &parentStatus);
            if (U_FAILURE(parentStatus) || parentLength <= 0) break;
            memcpy(name, parent, (size_t)parentLength + 1);
        }
    }
    ures_close(table);
    ures_close(plurals);
    if (result <= 0 && setCapacity > 0) set[0] = 0;
    return result;
}

int32_t l10n_plural_rules_locale(const char *locale, int32_t ordinal, char *out, int32_t capacity) {
    char set[32];
    int32_t length = plural_rule_set(locale, ordinal, set, 32, out, capacity);
    if (length <= 0) {
        if (capacity > 0) out[0] = 0;
        return length;
    }
    return (int32_t)strlen(out);
}

int32_t l10n_plural_rule(const char *locale, int32_t ordinal, const char *keyword, char *out,
                         int32_t capacity) {
    char set[32];
    int32_t found = plural_rule_set(locale, ordinal, set, 32, NULL, 0);
    if (capacity > 0) out[0] = 0;
    if (found <= 0) return found;
    UErrorCode status = U_ZERO_ERROR;
    UResourceBundle *plurals = ures_openDirect(NULL, "plurals", &status);
    UResourceBundle *rules = ures_getByKey(plurals, "rules", NULL, &status);
    UResourceBundle *ruleSet = ures_getByKey(rules, set, NULL, &status);
    int32_t result = -1;
    if (U_SUCCESS(status)) {
        int32_t length = capacity;
        ures_getUTF8StringByKey(ruleSet, keyword, out, &length, 1, &status);
        if (status == U_MISSING_RESOURCE_ERROR) {
            result = 0;
        } else if (U_SUCCESS(status) && length < capacity) {
            result = length;
        }
    }
    ures_close(ruleSet);
    ures_close(rules);
    ures_close(plurals);
    if (result <= 0 && capacity > 0) out[0] = 0;
    return result;
}
