package protocol

import "fmt"

// Answer is one answer line: exactly one of an outcome, an honest skip, or an error of the
// implementation's own. Seq is set by the serve loop.
type Answer struct {
	Seq int64 `json:"seq"`
	*Outcome
	Skipped *Problem `json:"skipped,omitempty"`
	Errored *Problem `json:"errored,omitempty"`
}

// Outcome is a Kubernetes decision (section 1.4): "match", "noMatch", "error" or "invalid".
type Outcome struct {
	Outcome         string `json:"outcome"`
	MatchedResource *GVR   `json:"matchedResource,omitempty"`
	MatchedKind     *GVK   `json:"matchedKind,omitempty"`
	Code            int32  `json:"code,omitempty"`
	Message         string `json:"message,omitempty"`
	// Params are the params a policy's validations or mutations ran with, <namespace>/<name> or
	// <name> (the params feature); none when it ran without a param object.
	Params []string `json:"params,omitempty"`
}

// Problem says why a test was skipped or errored.
type Problem struct {
	Message string `json:"message"`
	Detail  string `json:"detail,omitempty"`
	Issue   string `json:"issue,omitempty"` // a link, for a skip
}

// Matched: the policy is evaluated, the webhook called, or the MatchResources matches, through
// this resource and kind (the equivalent ones when an equivalent matched).
func Matched(resource GVR, kind GVK) Answer {
	return Answer{Outcome: &Outcome{Outcome: "match", MatchedResource: &resource, MatchedKind: &kind}}
}

// NoMatch: nothing happens for this subject.
func NoMatch() Answer { return Answer{Outcome: &Outcome{Outcome: "noMatch"}} }

// Failed: the request fails because of this subject, with this HTTP status.
func Failed(code int32, message string) Answer {
	return Answer{Outcome: &Outcome{Outcome: "error", Code: code, Message: message}}
}

// Invalid: the API server would reject the subject itself.
func Invalid(message string) Answer {
	return Answer{Outcome: &Outcome{Outcome: "invalid", Message: message}}
}

// Skipped: the implementation honestly does not support this test.
func Skipped(format string, args ...interface{}) Answer {
	return Answer{Skipped: &Problem{Message: fmt.Sprintf(format, args...)}}
}

// Errored: the implementation failed on this test; it counts as a failure.
func Errored(format string, args ...interface{}) Answer {
	return Answer{Errored: &Problem{Message: fmt.Sprintf(format, args...)}}
}
