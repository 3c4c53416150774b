//go:build !amd64

package densevec

// dots sets out[i] to the dot product of q with row i of rows (rows of
// len(q) int8 each, len(q) a multiple of 16), for every i < len(out).
func dots(q []int16, rows []int8, out []int32) { dotsGo(q, rows, out) }
