package krovetz

// irregularForm maps a form the suffix rules cannot reach to its base form:
// irregular plurals (vowel change, -en, f → v) and irregular verb forms
// whose suffix rules would give a wrong or no stem. KStem's own tables serve
// the same purpose (direct conflations); this list is ours, written from the
// grammar, and is consulted before any rule and before the lexicon.
func irregularForm(word string) (string, bool) {
	switch word {
	// Plurals by vowel change or -en.
	case "men":
		return "man", true
	case "women":
		return "woman", true
	case "children":
		return "child", true
	case "feet":
		return "foot", true
	case "teeth":
		return "tooth", true
	case "geese":
		return "goose", true
	case "mice":
		return "mouse", true
	case "oxen":
		return "ox", true
	// Plurals in -ves from a singular in -f or -fe.
	case "knives":
		return "knife", true
	case "wives":
		return "wife", true
	case "lives":
		return "life", true
	case "halves":
		return "half", true
	case "wolves":
		return "wolf", true
	case "shelves":
		return "shelf", true
	case "selves":
		return "self", true
	case "thieves":
		return "thief", true
	case "loaves":
		return "loaf", true
	// Verbs: -ie verbs before -ing, and forms the rules would misread.
	case "dying":
		return "die", true
	case "lying":
		return "lie", true
	case "tying":
		return "tie", true
	case "does":
		return "do", true
	case "doing":
		return "do", true
	case "goes":
		return "go", true
	case "going":
		return "go", true
	case "said":
		return "say", true
	case "paid":
		return "pay", true
	case "laid":
		return "lay", true
	}
	return "", false
}

// invariant reports whether word is kept whole: words that end in a
// suffix-like string but are not inflected forms, which a headword
// dictionary would hold and so protect from the rules. The list matters
// most for [NewVocabulary], whose lexicon cannot tell "news" (a headword)
// from "new" + s.
func invariant(word string) bool {
	switch word {
	case "news", "series", "species", "means", "always", "perhaps", "sometimes",
		"this", "thus",
		"being", "during", "evening", "morning", "nothing", "something",
		"anything", "everything", "thing", "ceiling", "wedding", "pudding":
		return true
	}
	return false
}
