package nlp

// IsFunctionWord exports isFunctionWord to the package's external tests.
var IsFunctionWord = isFunctionWord

// TermRuns exports termRuns to the package's external tests.
var TermRuns = termRuns
