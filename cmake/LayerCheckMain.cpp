// SPDX-License-Identifier: Apache-2.0
// Linked with one whole engine layer and the layers below it (cmake/DriftscopeLayers.cmake):
// it only has to link, never to run.
int main()
{
    return 0;
}
