// libyaml (Debian libyaml-dev), read by RenditionPack for pack.yaml.
#include <yaml.h>
