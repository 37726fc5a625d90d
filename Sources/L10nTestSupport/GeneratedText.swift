import L10nKit

/// The words generated labels are made of, per locale: an editor's vocabulary in each script, so
/// values have the byte lengths, grapheme clusters and widths real translations have (combining
/// marks in Thai and Devanagari, right-to-left Arabic and Hebrew, CJK without spaces).
enum GeneratedText {
    /// The locales a generated app declares, in this order: the source language, the SDK's
    /// second language, then full-localization locales.
    static let locales = ["en", "de", "fr", "ja", "es", "zh-Hans", "ko", "ar", "ru", "pt-BR", "it", "th",
                          "hi", "pl", "he", "zh-Hant", "tr", "nl", "uk", "vi", "sv", "cs", "el", "id"]

    /// Lower-case English words: key parts and English values.
    static let english = ["add", "adjust", "align", "animation", "background", "blur", "brightness", "brush",
                          "canvas", "caption", "clip", "color", "contrast", "crop", "delete", "duplicate",
                          "effect", "export", "fade", "fill", "filter", "flip", "font", "frame", "gradient",
                          "group", "image", "layer", "lock", "loop", "mask", "opacity", "page", "position",
                          "preset", "replace", "resize", "rotate", "saturation", "shadow", "shape", "sticker",
                          "stroke", "template", "text", "timeline", "undo", "volume"]

    static let words: [String: [String]] = [
        "de": ["Hinzufügen", "Anpassen", "Ausrichten", "Animation", "Hintergrund", "Weichzeichnen", "Helligkeit", "Pinsel",
               "Leinwand", "Beschriftung", "Clip", "Farbe", "Kontrast", "Zuschneiden", "Löschen", "Duplizieren", "Größe", "Übergänge"],
        "fr": ["Ajouter", "Ajuster", "Aligner", "Animation", "Arrière-plan", "Flou", "Luminosité", "Pinceau",
               "Canevas", "Légende", "Clip", "Couleur", "Contraste", "Recadrer", "Supprimer", "Dupliquer"],
        "ja": ["追加", "調整", "整列", "アニメーション", "背景", "ぼかし", "明るさ", "ブラシ",
               "キャンバス", "キャプション", "クリップ", "カラー", "コントラスト", "切り抜き", "削除", "複製"],
        "es": ["Añadir", "Ajustar", "Alinear", "Animación", "Fondo", "Desenfoque", "Brillo", "Pincel",
               "Lienzo", "Leyenda", "Clip", "Color", "Contraste", "Recortar", "Eliminar", "Duplicar"],
        "zh-Hans": ["添加", "调整", "对齐", "动画", "背景", "模糊", "亮度", "画笔", "画布", "字幕", "片段", "颜色", "对比度", "裁剪", "删除", "复制"],
        "ko": ["추가", "조정", "정렬", "애니메이션", "배경", "흐림", "밝기", "브러시", "캔버스", "캡션", "클립", "색상", "대비", "자르기", "삭제", "복제"],
        "ar": ["إضافة", "ضبط", "محاذاة", "رسوم متحركة", "خلفية", "تمويه", "سطوع", "فرشاة",
               "لوحة", "تعليق", "مقطع", "لون", "تباين", "قص", "حذف", "تكرار"],
        "ru": ["Добавить", "Настроить", "Выровнять", "Анимация", "Фон", "Размытие", "Яркость", "Кисть",
               "Холст", "Подпись", "Клип", "Цвет", "Контраст", "Обрезать", "Удалить", "Дублировать"],
        "pt-BR": ["Adicionar", "Ajustar", "Alinhar", "Animação", "Fundo", "Desfoque", "Brilho", "Pincel",
                  "Tela", "Legenda", "Clipe", "Cor", "Contraste", "Cortar", "Excluir", "Duplicar"],
        "it": ["Aggiungi", "Regola", "Allinea", "Animazione", "Sfondo", "Sfocatura", "Luminosità", "Pennello",
               "Tela", "Didascalia", "Clip", "Colore", "Contrasto", "Ritaglia", "Elimina", "Duplica"],
        "th": ["เพิ่ม", "ปรับ", "จัดแนว", "ภาพเคลื่อนไหว", "พื้นหลัง", "เบลอ", "ความสว่าง", "แปรง",
               "ผืนผ้าใบ", "คำบรรยาย", "คลิป", "สี", "คอนทราสต์", "ครอบตัด", "ลบ", "ทำสำเนา"],
        "hi": ["जोड़ें", "समायोजित करें", "संरेखित करें", "एनिमेशन", "पृष्ठभूमि", "धुंधला", "चमक", "ब्रश",
               "कैनवास", "कैप्शन", "क्लिप", "रंग", "कंट्रास्ट", "क्रॉप", "हटाएँ", "डुप्लिकेट"],
        "pl": ["Dodaj", "Dostosuj", "Wyrównaj", "Animacja", "Tło", "Rozmycie", "Jasność", "Pędzel",
               "Płótno", "Podpis", "Klip", "Kolor", "Kontrast", "Przytnij", "Usuń", "Duplikuj"],
        "he": ["הוספה", "התאמה", "יישור", "הנפשה", "רקע", "טשטוש", "בהירות", "מברשת",
               "קנבס", "כיתוב", "קליפ", "צבע", "ניגודיות", "חיתוך", "מחיקה", "שכפול"],
        "zh-Hant": ["新增", "調整", "對齊", "動畫", "背景", "模糊", "亮度", "畫筆", "畫布", "字幕", "片段", "顏色", "對比度", "裁切", "刪除", "複製"],
        "tr": ["Ekle", "Ayarla", "Hizala", "Animasyon", "Arka plan", "Bulanıklık", "Parlaklık", "Fırça",
               "Tuval", "Altyazı", "Klip", "Renk", "Kontrast", "Kırp", "Sil", "Çoğalt"],
        "nl": ["Toevoegen", "Aanpassen", "Uitlijnen", "Animatie", "Achtergrond", "Vervagen", "Helderheid", "Penseel",
               "Canvas", "Bijschrift", "Clip", "Kleur", "Contrast", "Bijsnijden", "Verwijderen", "Dupliceren"],
        "uk": ["Додати", "Налаштувати", "Вирівняти", "Анімація", "Тло", "Розмиття", "Яскравість", "Пензель",
               "Полотно", "Підпис", "Кліп", "Колір", "Контраст", "Обрізати", "Видалити", "Дублювати"],
        "vi": ["Thêm", "Điều chỉnh", "Căn chỉnh", "Hoạt ảnh", "Nền", "Làm mờ", "Độ sáng", "Cọ",
               "Khung vẽ", "Chú thích", "Đoạn", "Màu", "Độ tương phản", "Cắt", "Xóa", "Nhân bản"],
        "sv": ["Lägg till", "Justera", "Rikta in", "Animering", "Bakgrund", "Oskärpa", "Ljusstyrka", "Pensel",
               "Duk", "Bildtext", "Klipp", "Färg", "Kontrast", "Beskär", "Radera", "Duplicera"],
        "cs": ["Přidat", "Upravit", "Zarovnat", "Animace", "Pozadí", "Rozmazání", "Jas", "Štětec",
               "Plátno", "Popisek", "Klip", "Barva", "Kontrast", "Oříznout", "Smazat", "Duplikovat"],
        "el": ["Προσθήκη", "Προσαρμογή", "Στοίχιση", "Κίνηση", "Φόντο", "Θόλωση", "Φωτεινότητα", "Πινέλο",
               "Καμβάς", "Λεζάντα", "Κλιπ", "Χρώμα", "Αντίθεση", "Περικοπή", "Διαγραφή", "Αντίγραφο"],
        "id": ["Tambah", "Sesuaikan", "Ratakan", "Animasi", "Latar", "Buram", "Kecerahan", "Kuas",
               "Kanvas", "Keterangan", "Klip", "Warna", "Kontras", "Pangkas", "Hapus", "Duplikat"],
    ]

    /// Scripts written without spaces between words.
    static let unspaced: Set<String> = ["ja", "zh-Hans", "zh-Hant", "th"]

    /// Emoji of every shape the width rules know: presentation emoji, VS16, skin tone, ZWJ
    /// sequence, flag, keycap.
    static let emoji = ["🎨", "✨", "☺️", "👍🏽", "👩‍💻", "🇩🇪", "1️⃣", "🖌️"]

    /// The phrase for word indices in a locale: English sentence case, other locales' words.
    static func phrase(_ indices: [Int], locale: String) -> String {
        guard locale != "en", let list = words[locale] else {
            let text = indices.map { english[$0 % english.count] }.joined(separator: " ")
            return text.prefix(1).uppercased() + text.dropFirst()
        }
        let separator = unspaced.contains(locale) ? "" : " "
        return indices.map { list[$0 % list.count] }.joined(separator: separator)
    }

    /// What a label holds besides its words: specifiers, escapes and symbols, the same for every
    /// locale of a key so that the specifiers agree.
    enum Decoration: CaseIterable {
        case plain, object, count, positional, emoji, quoted, newline, tab, backslash, percent, ellipsis

        /// Mostly plain labels, as in the real editor catalog, with every kind present.
        static func draw(_ random: inout SeededRandom) -> Decoration {
            let roll = random.below(100)
            switch roll {
            case 0..<62: return .plain
            case 62..<72: return .object
            case 72..<78: return .count
            case 78..<83: return .positional
            case 83..<87: return .emoji
            case 87..<90: return .quoted
            case 90..<92: return .newline
            case 92..<93: return .tab
            case 93..<94: return .backslash
            case 94..<96: return .percent
            default: return .ellipsis
            }
        }
    }

    /// A complete value: `words` as a phrase in `locale`, decorated; `variant` picks among forms
    /// (which emoji, which argument order) so a project has all of them.
    static func value(_ words: [Int], _ decoration: Decoration, locale: String, variant: Int) -> String {
        let text = phrase(words, locale: locale)
        let second = phrase(words.reversed(), locale: locale)
        let localeIndex = locales.firstIndex(of: locale) ?? 0
        switch decoration {
        case .plain: return text
        case .object: return variant % 2 == 0 ? "\(text): %@" : "%@ – \(text)"
        case .count: return "%lld \(text)"
        case .positional:
            return localeIndex % 2 == 0 ? "\(text) %1$@ · %2$@" : "%2$@ · %1$@ \(text)"
        case .emoji: return variant % 2 == 0 ? "\(text) \(emoji[variant % emoji.count])" : "\(emoji[variant % emoji.count]) \(text)"
        case .quoted: return localeIndex % 3 == 0 ? "\"\(text)\"" : "“\(text)” ‘\(second)’"
        case .newline: return "\(text)\n\(second)"
        case .tab: return "\(text)\t\(second)"
        case .backslash: return "\(text) \\ \(second)"
        case .percent: return "100 %% \(text)"
        case .ellipsis: return "\(text)…"
        }
    }
}
