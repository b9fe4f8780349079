package main

// ValidatingWebhook and MutatingWebhook subjects: is the webhook called for the request?
//
// Decided by admission.NewChainHandler (the operations the webhook plugin handles),
// webhook/generic Webhook.Dispatch (rules.IsExemptAdmissionConfigurationResource, and from 1.37
// the excluded virtual resources under ExcludeAdmissionWebhookVirtualResources) and
// Webhook.ShouldCallHook (selectors, rules, matchPolicy, and the webhook's matchConditions,
// which the webhook's own condition compiler compiles), through a dispatcher that calls
// ShouldCallHook for its single webhook as the validating and mutating dispatchers do, and
// records the invocation instead of calling the webhook.

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/admission/plugin/webhook"
	webhookgeneric "k8s.io/apiserver/pkg/admission/plugin/webhook/generic"
	mutatingwebhook "k8s.io/apiserver/pkg/admission/plugin/webhook/mutating"
	validatingwebhook "k8s.io/apiserver/pkg/admission/plugin/webhook/validating"
	webhookutil "k8s.io/apiserver/pkg/util/webhook"

	"github.com/matchconform/matchconform/kits/go/kube"
	"github.com/matchconform/matchconform/kits/go/manifest"
	"github.com/matchconform/matchconform/kits/go/protocol"
)

type webhookEnv struct {
	validating        validatingChain
	mutating          admission.MutationInterface
	validatingWebhook *webhookgeneric.Webhook
	mutatingWebhook   *webhookgeneric.Webhook
	source            *webhookSource
	dispatcher        *recordingDispatcher
}

// validatingWebhookPlugin and mutatingWebhookPlugin are the webhook plugins over the oracle's
// source and dispatcher: Validate and Admit are Webhook.Dispatch, as in webhook/*/plugin.go.
type validatingWebhookPlugin struct{ *webhookgeneric.Webhook }

func (p validatingWebhookPlugin) Validate(ctx context.Context, a admission.Attributes, o admission.ObjectInterfaces) error {
	return p.Dispatch(ctx, a, o)
}

type mutatingWebhookPlugin struct{ *webhookgeneric.Webhook }

func (p mutatingWebhookPlugin) Admit(ctx context.Context, a admission.Attributes, o admission.ObjectInterfaces) error {
	return p.Dispatch(ctx, a, o)
}

func newWebhookEnv(c *clusterState, stop <-chan struct{}) (*webhookEnv, error) {
	env := &webhookEnv{source: &webhookSource{}, dispatcher: &recordingDispatcher{}}

	vp, err := validatingwebhook.NewValidatingAdmissionWebhook(nil)
	if err != nil {
		return nil, err
	}
	v, err := env.newWebhook(vp.Handler, c, stop)
	if err != nil {
		return nil, err
	}
	env.validatingWebhook = v
	env.validating = admission.NewChainHandler(validatingWebhookPlugin{v})

	mp, err := mutatingwebhook.NewMutatingWebhook(nil)
	if err != nil {
		return nil, err
	}
	m, err := env.newWebhook(mp.Handler, c, stop)
	if err != nil {
		return nil, err
	}
	env.mutatingWebhook = m
	env.mutating = admission.NewChainHandler(mutatingWebhookPlugin{m})
	return env, nil
}

func (env *webhookEnv) newWebhook(handler *admission.Handler, c *clusterState, stop <-chan struct{}) (*webhookgeneric.Webhook, error) {
	w, err := webhookgeneric.NewWebhook(handler, nil, webhookSourceFactory(env.source),
		func(*webhookutil.ClientManager) webhookgeneric.Dispatcher { return env.dispatcher })
	if err != nil {
		return nil, err
	}
	if err := initialize(w, c, stop); err != nil {
		return nil, err
	}
	return w, nil
}

func (env *webhookEnv) decide(ctx context.Context, s *stored, a admission.Attributes, o admission.ObjectInterfaces) protocol.Answer {
	env.dispatcher.invocations = nil
	var err error
	if s.validatingWebhook != nil {
		w := webhook.NewValidatingWebhookAccessor(manifest.ConfigName+"/"+manifest.WebhookName+"/0", manifest.ConfigName, s.validatingWebhook)
		env.source.hooks, env.dispatcher.plugin = []webhook.WebhookAccessor{w}, env.validatingWebhook
		err = validatingAdmission(ctx, env.validating, a, o)
	} else {
		w := webhook.NewMutatingWebhookAccessor(manifest.ConfigName+"/"+manifest.WebhookName+"/0", manifest.ConfigName, s.mutatingWebhook)
		env.source.hooks, env.dispatcher.plugin = []webhook.WebhookAccessor{w}, env.mutatingWebhook
		err = env.mutating.Admit(ctx, a, o)
	}
	if err != nil {
		return kube.Failed(err)
	}
	if len(env.dispatcher.invocations) == 0 {
		return protocol.NoMatch()
	}
	inv := env.dispatcher.invocations[0]
	return kube.Matched(inv.Resource, inv.Kind)
}

type webhookSource struct {
	hooks []webhook.WebhookAccessor
}

func (s *webhookSource) Webhooks() []webhook.WebhookAccessor { return s.hooks }
func (s *webhookSource) HasSynced() bool                     { return true }

// recordingDispatcher is the dispatchers' loop (webhook/validating and webhook/mutating
// dispatcher.go): ShouldCallHook for each webhook; an error fails the request as it is; a
// webhook to call is recorded instead of called.
type recordingDispatcher struct {
	plugin      *webhookgeneric.Webhook
	invocations []*webhookgeneric.WebhookInvocation
}

func (d *recordingDispatcher) Dispatch(ctx context.Context, a admission.Attributes, o admission.ObjectInterfaces, hooks []webhook.WebhookAccessor) error {
	versioned := &versionedAttributes{attr: a, o: o, cache: map[schema.GroupVersionKind]*admission.VersionedAttributes{}}
	for _, h := range hooks {
		invocation, statusErr := d.plugin.ShouldCallHook(ctx, h, a, o, versioned)
		if statusErr != nil {
			return statusErr
		}
		if invocation != nil {
			d.invocations = append(d.invocations, invocation)
		}
	}
	return nil
}

// versionedAttributes is the dispatchers' versionedAttributeAccessor: ShouldCallHook asks for
// it only to evaluate matchConditions.
type versionedAttributes struct {
	attr  admission.Attributes
	o     admission.ObjectInterfaces
	cache map[schema.GroupVersionKind]*admission.VersionedAttributes
}

func (v *versionedAttributes) VersionedAttribute(kind schema.GroupVersionKind) (*admission.VersionedAttributes, error) {
	if va, ok := v.cache[kind]; ok {
		return va, nil
	}
	va, err := admission.NewVersionedAttributes(v.attr, kind, v.o)
	if err != nil {
		return nil, err
	}
	v.cache[kind] = va
	return va, nil
}
