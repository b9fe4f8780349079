// Command upstream-oracle answers line protocol v1 (conformance-format.md section 2) with the
// upstream Kubernetes admission code itself, for the minor it is built against.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"os"
	"runtime"
	"sync"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("upstream-oracle: ")
	if err := run(os.Stdin, os.Stdout); err != nil {
		log.Fatal(err)
	}
}

func run(in io.Reader, out io.Writer) error {
	built, err := readBuiltAgainst()
	if err != nil {
		return err
	}
	stop := make(chan struct{})
	defer close(stop)

	answers := make(chan interface{}, 256)
	written := make(chan error, 1)
	go func() { written <- writeLines(out, answers) }()

	subjects := &storedSubjects{}
	workers := runtime.GOMAXPROCS(0)
	jobs := make(chan *incoming, 4*workers)
	var wg sync.WaitGroup
	for i := 0; i < workers; i++ {
		w, err := newWorker(built, subjects, stop)
		if err != nil {
			close(answers)
			return err
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for msg := range jobs {
				answers <- w.answer(msg)
			}
		}()
	}

	readErr := readLines(in, built, jobs, answers)
	close(jobs)
	wg.Wait()
	close(answers)
	if err := <-written; err != nil {
		return err
	}
	return readErr
}

// readLines reads runner messages until stop or end of input.
func readLines(in io.Reader, built builtAgainst, jobs chan<- *incoming, answers chan<- interface{}) error {
	reader := bufio.NewReaderSize(in, 1<<20)
	for {
		line, err := reader.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			var msg incoming
			if jerr := json.Unmarshal(line, &msg); jerr != nil {
				log.Printf("ignoring a line that is not a JSON object: %v", jerr)
			} else {
				switch msg.Cmd {
				case "start":
					answers <- ready(built)
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
						answers <- errored(*msg.Seq, "unknown cmd %q", msg.Cmd)
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

func ready(built builtAgainst) readyMessage {
	return readyMessage{
		Ready:   true,
		Version: protocolVersion,
		Implementation: implementationInfo{
			Name:     "k8s.io/apiserver",
			Version:  built.version,
			Language: "go",
		},
		Subjects:           servedSubjects(),
		Input:              "manifest",
		KubernetesVersions: []string{built.minor},
	}
}

// writeLines writes one JSON object per line and flushes after each.
func writeLines(out io.Writer, answers <-chan interface{}) error {
	w := bufio.NewWriter(out)
	var failed error
	for a := range answers {
		if failed != nil {
			continue
		}
		b, err := json.Marshal(a)
		if err != nil {
			b, _ = json.Marshal(map[string]interface{}{"errored": map[string]string{"message": err.Error()}})
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
