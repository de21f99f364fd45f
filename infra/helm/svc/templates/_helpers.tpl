{{/* The prefix of every object's name: the release's name (`svc` gives the kustomize base's names). */}}
{{- define "svc.name" -}}
{{- .Release.Name | trunc 40 | trimSuffix "-" -}}
{{- end -}}

{{- define "svc.serviceAccountName" -}}
{{- default (include "svc.name" .) .Values.serviceAccount.name -}}
{{- end -}}

{{- define "svc.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}

{{/* The labels that select one app's pods; call with (dict "root" $ "app" $name). */}}
{{- define "svc.selector" -}}
app.kubernetes.io/name: svc
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .app }}
{{- end -}}

{{- define "svc.labels" -}}
{{ include "svc.selector" . }}
app.kubernetes.io/part-of: svc
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version }}
{{- end -}}

{{/* Where every process reads its environment from. */}}
{{- define "svc.envFrom" -}}
- configMapRef: { name: {{ include "svc.name" . }}-config }
- secretRef: { name: {{ required "existingSecret: the Secret holding DATABASE_URL, REDIS_URL and the other secrets" .Values.existingSecret }} }
{{- end -}}
