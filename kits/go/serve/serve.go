// Package serve runs the line protocol's loop: it reads runner messages from standard input,
// answers "start" with the adapter's ready message, decides "match" messages on several workers
// at once (the runner pipelines them; answers carry their seq and may come in any order), turns
// a panic into an errored answer for that test alone, and flushes every answer line.
package serve

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"os"
	"runtime"
	"runtime/debug"
	"sync"

	"github.com/matchconform/matchconform/kits/go/protocol"
)

// Decide answers one match message. The serve loop sets the answer's Seq.
type Decide func(m *protocol.Match) protocol.Answer

// Options configure Run; the zero value serves on GOMAXPROCS workers.
type Options struct {
	// Workers is how many messages are decided at once; each worker has its own Decide.
	Workers int
	// NewDecide makes one worker's Decide, so that workers need not share mutable state. Run
	// fails if it fails. Nil: every worker uses Run's decide.
	NewDecide func() (Decide, error)
}

// Main serves standard input and output and exits the process: 0 at "stop" or at the end of
// input, 1 (with the reason on standard error) when serving fails.
func Main(ready protocol.Ready, decide Decide, opts Options) {
	if err := Run(os.Stdin, os.Stdout, ready, decide, opts); err != nil {
		log.Fatal(err)
	}
	os.Exit(0)
}

// Run serves one conversation: it returns at "stop" or at the end of input, after writing the
// answer to every match message read.
func Run(in io.Reader, out io.Writer, ready protocol.Ready, decide Decide, opts Options) error {
	if decide == nil && opts.NewDecide == nil {
		return fmt.Errorf("serve: neither a decide function nor Options.NewDecide")
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	deciders := make([]Decide, workers)
	for i := range deciders {
		deciders[i] = decide
		if opts.NewDecide != nil {
			d, err := opts.NewDecide()
			if err != nil {
				return err
			}
			deciders[i] = d
		}
	}

	lines := make(chan interface{}, 256)
	written := make(chan error, 1)
	go func() { written <- writeLines(out, lines) }()

	jobs := make(chan *protocol.Message, 4*workers)
	var wg sync.WaitGroup
	for _, d := range deciders {
		wg.Add(1)
		go func(d Decide) {
			defer wg.Done()
			for msg := range jobs {
				lines <- answer(d, msg)
			}
		}(d)
	}

	readErr := readLines(in, ready, jobs, lines)
	close(jobs)
	wg.Wait()
	close(lines)
	if err := <-written; err != nil {
		return err
	}
	return readErr
}

// readLines reads runner messages until "stop" or the end of input.
func readLines(in io.Reader, ready protocol.Ready, jobs chan<- *protocol.Message, lines chan<- interface{}) error {
	reader := bufio.NewReaderSize(in, 1<<20)
	for {
		line, err := reader.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			var msg protocol.Message
			if jerr := json.Unmarshal(line, &msg); jerr != nil {
				log.Printf("ignoring a line that is not a JSON object: %v", jerr)
			} else {
				switch msg.Cmd {
				case "start":
					lines <- ready
				case "match":
					if msg.Seq == nil {
						log.Printf("ignoring a match message without seq")
						break
					}
					jobs <- &msg
				case "stop":
					return nil
				default:
					if msg.Seq != nil {
						a := protocol.Errored("unknown cmd %q", msg.Cmd)
						a.Seq = *msg.Seq
						lines <- a
					} else {
						log.Printf("ignoring unknown cmd %q", msg.Cmd)
					}
				}
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("reading standard input: %w", err)
		}
	}
}

// answer decodes a match message and decides it; a panic is an errored answer with its stack.
func answer(decide Decide, msg *protocol.Message) (a protocol.Answer) {
	seq := *msg.Seq
	defer func() {
		if r := recover(); r != nil {
			a = protocol.Answer{Errored: &protocol.Problem{Message: fmt.Sprintf("panic: %v", r), Detail: string(debug.Stack())}}
		}
		a.Seq = seq
	}()
	m := &protocol.Match{Seq: seq, KubernetesVersion: msg.KubernetesVersion, Subject: msg.Subject}
	if len(msg.Cluster) > 0 {
		if err := json.Unmarshal(msg.Cluster, &m.Cluster); err != nil {
			return protocol.Errored("cluster: %v", err)
		}
	}
	if err := json.Unmarshal(msg.Request, &m.Request); err != nil {
		return protocol.Errored("request: %v", err)
	}
	return decide(m)
}

// writeLines writes one JSON object per line and flushes after each.
func writeLines(out io.Writer, lines <-chan interface{}) error {
	w := bufio.NewWriter(out)
	var failed error
	for a := range lines {
		if failed != nil {
			continue // drain, so that no worker blocks
		}
		b, err := json.Marshal(a)
		if err != nil {
			failure := protocol.Errored("encoding the answer: %v", err)
			if answered, ok := a.(protocol.Answer); ok {
				failure.Seq = answered.Seq
			}
			b, _ = json.Marshal(failure)
		}
		b = append(b, '\n')
		if _, err := w.Write(b); err != nil {
			failed = err
			continue
		}
		if err := w.Flush(); err != nil {
			failed = err
		}
	}
	return failed
}
