package krovetz

import "strings"

// The rules. Each is called with a word of at least 3 letters a–z and tries
// its candidates in the order the algorithm prefers them; "known" means the
// lexicon holds the candidate. Comments give an example of each candidate.

// plural handles -ies, -es and -s.
func plural(s *Stemmer, w string) (string, bool) {
	n := len(w)
	switch {
	case w[n-1] != 's':
		return w, false
	case strings.HasSuffix(w, "ies") && n > 4:
		if c := w[:n-1]; s.has(c) { // calories → calorie, ties → tie
			return c, true
		}
		c := w[:n-3] + "y" // policies → policy, ponies → pony; the default
		return c, s.has(c)
	case strings.HasSuffix(w, "es") && n > 3:
		// Dropping just the s is refused after ss: crosses → cross, not crosse.
		if c := w[:n-1]; !strings.HasSuffix(w, "sses") && s.has(c) { // horses → horse
			return c, true
		}
		if c := w[:n-2]; s.has(c) { // foxes → fox
			return c, true
		}
		return w[:n-1], false // the default keeps the e
	case n > 3 && w[n-2] != 's' && !strings.HasSuffix(w, "ous"):
		c := w[:n-1] // cats → cat; the default (not after ss or in -ous)
		return c, s.has(c)
	}
	return w, false
}

// pastTense handles -ied, -eed and -ed.
func pastTense(s *Stemmer, w string) (string, bool) {
	n := len(w)
	switch {
	case n < 4 || !strings.HasSuffix(w, "ed"):
		return w, false
	case strings.HasSuffix(w, "ied") && n > 4:
		if c := w[:n-1]; s.has(c) { // tied → tie
			return c, true
		}
		c := w[:n-3] + "y" // applied → apply; the default
		return c, s.has(c)
	case strings.HasSuffix(w, "eed"):
		// Only when a vowel precedes: agreed → agree, but feed, need, speed stay.
		if hasVowel(w[:n-3]) {
			if c := w[:n-1]; s.has(c) {
				return c, true
			}
		}
		return w, false
	case !hasVowel(w[:n-2]): // bred, shed
		return w, false
	}
	withE, bare := w[:n-1], w[:n-2]
	if s.has(withE) { // hoped → hope
		return withE, true
	}
	if s.has(bare) { // jumped → jump
		return bare, true
	}
	if doubleConsonant(bare) {
		if c := bare[:len(bare)-1]; s.has(c) { // stopped → stop
			return c, true
		}
		return bare, false // the default keeps it doubled: backfilled → backfill
	}
	if strings.HasPrefix(w, "un") { // a un- word is left alone: unrelated
		return w, false
	}
	return withE, false // the default ends in e: microcoded → microcode
}

// aspect handles -ing.
func aspect(s *Stemmer, w string) (string, bool) {
	n := len(w)
	if n < 5 || !strings.HasSuffix(w, "ing") || !hasVowel(w[:n-3]) {
		return w, false // sing, thing, bring
	}
	bare := w[:n-3]
	withE := bare + "e"
	if s.has(withE) { // using → use, coding → code
		return withE, true
	}
	if s.has(bare) { // jumping → jump
		return bare, true
	}
	if doubleConsonant(bare) {
		if c := bare[:len(bare)-1]; s.has(c) { // stemming → stem
			return c, true
		}
		return bare, false // the default keeps it doubled: fingerspelling → fingerspell
	}
	// The default adds an e unless the stem ends in two consonants:
	// microcoding → microcode, footstamping → footstamp.
	if m := len(bare); m >= 2 && isConsonant(bare, m-1) && isConsonant(bare, m-2) {
		return bare, false
	}
	return withE, false
}

// ityEndings handles -ity.
func ityEndings(s *Stemmer, w string) (string, bool) {
	n := len(w)
	if n < 6 || !strings.HasSuffix(w, "ity") {
		return w, false
	}
	b := w[:n-3]
	if s.has(b) { // acidity → acid
		return b, true
	}
	if c := b + "e"; s.has(c) { // scarcity → scarce
		return c, true
	}
	// These three conversions stand even when their result is unknown.
	switch {
	case strings.HasSuffix(b, "il"): // ability → able, possibility → possible
		c := b[:len(b)-2] + "le"
		return c, s.has(c)
	case strings.HasSuffix(b, "iv"): // activity → active
		c := b + "e"
		return c, s.has(c)
	case strings.HasSuffix(b, "al"): // formality → formal
		return b, s.has(b)
	}
	return w, false
}

// nessEndings handles -ness, which is always removed (y restored before it).
func nessEndings(s *Stemmer, w string) (string, bool) {
	n := len(w)
	if n < 6 || !strings.HasSuffix(w, "ness") {
		return w, false
	}
	b := w[:n-4] // darkness → dark
	if b[len(b)-1] == 'i' {
		b = b[:len(b)-1] + "y" // happiness → happy
	}
	return b, s.has(b)
}

// fulEndings handles -ful.
func fulEndings(s *Stemmer, w string) (string, bool) {
	n := len(w)
	if n < 6 || !strings.HasSuffix(w, "ful") {
		return w, false
	}
	if b := w[:n-3]; s.has(b) { // hopeful → hope
		return b, true
	}
	if strings.HasSuffix(w, "iful") {
		if c := w[:n-4] + "y"; s.has(c) { // beautiful → beauty
			return c, true
		}
	}
	return w, false
}

// ionEndings handles -ion (-ization, -ication, -ition, -ation), only when the
// result is a word.
func ionEndings(s *Stemmer, w string) (string, bool) {
	n := len(w)
	if n < 6 || !strings.HasSuffix(w, "ion") {
		return w, false
	}
	var cands [5]string
	k := 0
	switch {
	case strings.HasSuffix(w, "ization"):
		cands[k] = w[:n-5] + "e" // organization → organize
		k++
	case strings.HasSuffix(w, "ication"):
		cands[k] = w[:n-7] + "y" // application → apply
		k++
	case strings.HasSuffix(w, "ition"):
		cands[k] = w[:n-5] + "e" // definition → define
		k++
	}
	// -ion → -e covers -ation → -ate: isolation → isolate, completion → complete.
	cands[k] = w[:n-3] + "e"
	k++
	if strings.HasSuffix(w, "ation") {
		cands[k] = w[:n-5] + "e" // declaration → declare
		cands[k+1] = w[:n-5]     // information → inform
		k += 2
	}
	cands[k] = w[:n-3] // suggestion → suggest
	k++
	for _, c := range cands[:k] {
		if s.has(c) {
			return c, true
		}
	}
	return w, false
}

// erOrEndings handles agentive and comparative -er and -or.
func erOrEndings(s *Stemmer, w string) (string, bool) {
	n := len(w)
	er := strings.HasSuffix(w, "er")
	if n < 4 || !er && !strings.HasSuffix(w, "or") {
		return w, false
	}
	if strings.HasSuffix(w, "ier") {
		if c := w[:n-3] + "y"; s.has(c) { // happier → happy, supplier → supply
			return c, true
		}
	}
	if er {
		if c := w[:n-1]; s.has(c) { // user → use, organizer → organize
			return c, true
		}
	}
	b := w[:n-2]
	if s.has(b) { // worker → work, actor → act
		return b, true
	}
	if doubleConsonant(b) {
		if c := b[:len(b)-1]; s.has(c) { // runner → run
			return c, true
		}
	}
	if !er {
		if c := b + "e"; s.has(c) { // creator → create
			return c, true
		}
	}
	return w, false
}

// lyEndings handles -ly.
func lyEndings(s *Stemmer, w string) (string, bool) {
	n := len(w)
	if n < 5 || !strings.HasSuffix(w, "ly") {
		return w, false
	}
	if strings.HasSuffix(w, "ily") {
		if c := w[:n-3] + "y"; s.has(c) { // happily → happy
			return c, true
		}
	}
	if strings.HasSuffix(w, "bly") {
		if c := w[:n-1] + "e"; s.has(c) { // probably → probable
			return c, true
		}
	}
	if c := w[:n-2]; s.has(c) { // quickly → quick, finally → final
		return c, true
	}
	if strings.HasSuffix(w, "ally") {
		if c := w[:n-4]; s.has(c) { // basically → basic
			return c, true
		}
	}
	return w, false
}

// alEndings handles -al and -ical.
func alEndings(s *Stemmer, w string) (string, bool) {
	n := len(w)
	if n < 5 || !strings.HasSuffix(w, "al") {
		return w, false
	}
	b := w[:n-2]
	if s.has(b) { // additional → addition, historical → historic
		return b, true
	}
	if strings.HasSuffix(w, "ical") {
		if c := w[:n-4] + "y"; s.has(c) { // biological → biology
			return c, true
		}
	}
	if c := b + "e"; s.has(c) { // arrival → arrive
		return c, true
	}
	return w, false
}

// iveEndings handles -ive and -ative.
func iveEndings(s *Stemmer, w string) (string, bool) {
	n := len(w)
	if n < 6 || !strings.HasSuffix(w, "ive") {
		return w, false
	}
	if c := w[:n-3] + "e"; s.has(c) { // creative → create
		return c, true
	}
	if c := w[:n-3]; s.has(c) { // predictive → predict
		return c, true
	}
	if strings.HasSuffix(w, "ative") {
		if c := w[:n-5]; s.has(c) { // informative → inform
			return c, true
		}
	}
	return w, false
}

// izeEndings handles -ize.
func izeEndings(s *Stemmer, w string) (string, bool) {
	n := len(w)
	if n < 6 || !strings.HasSuffix(w, "ize") {
		return w, false
	}
	if c := w[:n-3]; s.has(c) { // modernize → modern, criticize → critic
		return c, true
	}
	return w, false
}

// mentEndings handles -ment.
func mentEndings(s *Stemmer, w string) (string, bool) {
	n := len(w)
	if n < 7 || !strings.HasSuffix(w, "ment") {
		return w, false
	}
	if c := w[:n-4]; s.has(c) { // development → develop
		return c, true
	}
	return w, false
}

// bleEndings handles -able and -ible.
func bleEndings(s *Stemmer, w string) (string, bool) {
	n := len(w)
	if n < 6 || !strings.HasSuffix(w, "able") && !strings.HasSuffix(w, "ible") {
		return w, false
	}
	b := w[:n-4]
	if s.has(b) { // readable → read
		return b, true
	}
	if c := b + "e"; s.has(c) { // usable → use
		return c, true
	}
	if doubleConsonant(b) {
		if c := b[:len(b)-1]; s.has(c) { // forgettable → forget
			return c, true
		}
	}
	return w, false
}

// ismEndings handles -ism.
func ismEndings(s *Stemmer, w string) (string, bool) {
	n := len(w)
	if n < 6 || !strings.HasSuffix(w, "ism") {
		return w, false
	}
	if c := w[:n-3]; s.has(c) { // realism → real
		return c, true
	}
	return w, false
}

// icEndings handles -ic.
func icEndings(s *Stemmer, w string) (string, bool) {
	n := len(w)
	if n < 5 || !strings.HasSuffix(w, "ic") {
		return w, false
	}
	if c := w[:n-2] + "y"; s.has(c) { // economic → economy
		return c, true
	}
	if c := w[:n-2]; s.has(c) { // alcoholic → alcohol
		return c, true
	}
	return w, false
}

// ncyEndings handles -ncy.
func ncyEndings(s *Stemmer, w string) (string, bool) {
	n := len(w)
	if n < 6 || !strings.HasSuffix(w, "ncy") {
		return w, false
	}
	if c := w[:n-2] + "t"; s.has(c) { // efficiency → efficient
		return c, true
	}
	if c := w[:n-1] + "e"; s.has(c) { // dependency → dependence
		return c, true
	}
	return w, false
}

// nceEndings handles -ance and -ence.
func nceEndings(s *Stemmer, w string) (string, bool) {
	n := len(w)
	if n < 6 || !strings.HasSuffix(w, "ance") && !strings.HasSuffix(w, "ence") {
		return w, false
	}
	if c := w[:n-4]; s.has(c) { // performance → perform, existence → exist
		return c, true
	}
	if c := w[:n-4] + "e"; s.has(c) { // assurance → assure
		return c, true
	}
	if c := w[:n-2] + "t"; s.has(c) { // importance → important
		return c, true
	}
	return w, false
}

// isConsonant reports whether w[i] is a consonant: a letter other than
// a, e, i, o, u, and y when it follows a vowel or starts the word (Porter's
// definition, which KStem shares).
func isConsonant(w string, i int) bool {
	switch w[i] {
	case 'a', 'e', 'i', 'o', 'u':
		return false
	case 'y':
		return i == 0 || !isConsonant(w, i-1)
	}
	return true
}

// hasVowel reports whether w has a vowel.
func hasVowel(w string) bool {
	for i := range len(w) {
		if !isConsonant(w, i) {
			return true
		}
	}
	return false
}

// doubleConsonant reports whether w ends in a doubled consonant.
func doubleConsonant(w string) bool {
	n := len(w)
	return n >= 2 && w[n-1] == w[n-2] && isConsonant(w, n-1)
}
