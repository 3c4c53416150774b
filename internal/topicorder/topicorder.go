// Package topicorder orders Touché topic ids: numerically where they are
// integers ("2" before "10"), integers first, other ids bytewise after
// them. Run files, tables and reports list topics in this order.
package topicorder

import (
	"slices"
	"strconv"
	"strings"
)

// Compare orders topic ids a and b as the package doc says.
func Compare(a, b string) int {
	na, errA := strconv.Atoi(a)
	nb, errB := strconv.Atoi(b)
	switch {
	case errA == nil && errB == nil:
		if na != nb {
			if na < nb {
				return -1
			}
			return 1
		}
	case errA == nil:
		return -1
	case errB == nil:
		return 1
	}
	return strings.Compare(a, b)
}

// Sort sorts topic ids in place in Compare's order.
func Sort(ids []string) {
	slices.SortFunc(ids, Compare)
}
