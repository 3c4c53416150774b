package nlp

// IsFunctionWord exports isFunctionWord to the package's external tests.
var IsFunctionWord = isFunctionWord
