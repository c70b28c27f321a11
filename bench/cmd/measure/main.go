// Command measure runs a command and prints its wall time and peak RSS.
//
//	measure [-timeout 60s] [-n 1] -- command args...
//
// With -n > 1 the command is run that many times and the median is printed as well.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"sort"
	"time"

	"github.com/skillgen/skillgen/bench/internal/measure"
)

func main() {
	timeout := flag.Duration("timeout", 0, "kill the command's process group after this long (0: never)")
	n := flag.Int("n", 1, "number of runs")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: measure [-timeout D] [-n N] -- command args...")
		os.Exit(2)
	}
	var walls []time.Duration
	var rss []int64
	status := 0
	for i := 0; i < *n; i++ {
		r, err := measure.Run(context.Background(), "", flag.Args(), os.Stdout, *timeout)
		if err != nil {
			fmt.Fprintln(os.Stderr, "measure:", err)
			os.Exit(2)
		}
		fmt.Fprintf(os.Stderr, "run %d: wall %.3fs maxrss %s exit %d %s\n", i+1, r.Wall.Seconds(), measure.MiB(r.MaxRSS), r.ExitCode, r.Failure())
		if !r.OK() {
			fmt.Fprint(os.Stderr, r.Stderr)
			status = 1
			continue
		}
		walls = append(walls, r.Wall)
		rss = append(rss, r.MaxRSS)
	}
	if len(walls) > 1 {
		sort.Slice(walls, func(i, j int) bool { return walls[i] < walls[j] })
		sort.Slice(rss, func(i, j int) bool { return rss[i] < rss[j] })
		fmt.Fprintf(os.Stderr, "median: wall %.3fs maxrss %s\n", walls[len(walls)/2].Seconds(), measure.MiB(rss[len(rss)/2]))
	}
	os.Exit(status)
}
