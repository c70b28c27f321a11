package golang_test

import "flag"

// update is accepted so that "go test ./... -update" (which rewrites the golden files of
// ./generator and the vectors of ./crosscheck) runs in every package; nothing here is golden.
var _ = flag.Bool("update", false, "rewrite golden files (see ./generator and ./crosscheck)")
