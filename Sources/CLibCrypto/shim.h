// The system's libcrypto (OpenSSL 3, Debian libssl-dev): SHA-256 through its EVP digest API,
// for the batch manifest's and the server's input fingerprints.
#include <openssl/evp.h>
