module github.com/argsearch/argsearch

go 1.25.0

require (
	github.com/google/go-cmp v0.7.0 // indirect
	github.com/neurosnap/sentences v1.1.2 // indirect
	golang.org/x/text v0.41.0 // indirect
)
