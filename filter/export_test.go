package filter

// Select is selectSentences, for the tests of package filter_test.
var Select = selectSentences
