module svc.local/helmrender

go 1.19
